internal import Dispatch
internal import GRDB
internal import GRDBSQLite
internal import Synchronization

/// Builds the full-text index of a name list imported into an empty index on a second core,
/// while the importing thread sorts the B-tree indexes.
///
/// Rebuilding `repository_fts` from the loaded table (tokenizing a million names, then writing
/// the segment: 3 s) came after the two index sorts (3.5 s), on the same core. Instead, each
/// row the writer inserts is handed to this builder, which inserts it into a copy of
/// `repository_fts` (the same `CREATE VIRTUAL TABLE`, read from the index) in a private
/// in-memory database, on its own thread, once the writer starts sorting (``start()``). When
/// the import finishes, the rows of the copy's shadow tables (`repository_fts_data`, the
/// segments; `repository_fts_idx`, their first terms) replace those of the index, in the
/// import's transaction: FTS5 writes the same bytes for the same rows inserted in the same order
/// with the same settings as a `rebuild` does (a test checks it), so the index is the one
/// `rebuild` would have made.
///
/// Only for an empty index that receives inserts only, in ascending id order (a name list):
/// anything else rebuilds. It holds the in-memory copy until the import ends (about 70 MB more
/// peak memory for a million names).
///
/// `@unchecked Sendable` because its closures run on `queue`, and the state is split by thread:
/// the importing thread alone uses `pending`, `finished` and `waiting`; `queue` alone uses
/// `connection`, `insert` and `failure`, which `copy(into:)` and `deinit` read only after
/// `queue.sync {}` has waited for everything queued; `cancelled` is atomic.
final class FullTextBuilder: @unchecked Sendable {
  /// Rows handed to the thread at a time.
  private static let chunkSize = 8_192
  /// Chunks waiting for the thread at most (about 40 MB): past it, the writer waits.
  private static let maximumBacklog = 128

  /// Rows of names: ids, and each name's bytes (`owner/name`) and slash.
  private struct Chunk: Sendable {
    var ids: [Int64] = []
    var ranges: [(start: Int32, slash: Int32, end: Int32)] = []
    var bytes: [UInt8] = []

    mutating func reserve() {
      ids.reserveCapacity(FullTextBuilder.chunkSize)
      ranges.reserveCapacity(FullTextBuilder.chunkSize)
      bytes.reserveCapacity(FullTextBuilder.chunkSize * 32)
    }
  }

  // Used on `queue` only, then by `copy(into:)` once the queue is idle.
  private var connection: OpaquePointer?
  private var insert: OpaquePointer?
  private var failure: (any Error)?

  private let queue = DispatchQueue(label: "RepositoryIndex.FullTextBuilder")
  private let backlog = DispatchSemaphore(value: FullTextBuilder.maximumBacklog)
  private let cancelled = Atomic<Bool>(false)
  /// Rows not yet handed to the thread (the writer's side).
  private var pending = Chunk()
  private var finished = false
  /// Whether the thread waits (``start()``).
  private var waiting = false

  /// Opens the private database and creates the copy of `repository_fts` defined in `db`.
  init(copying db: Database) throws {
    guard
      let sql = try String.fetchOne(
        db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'repository_fts'")
    else {
      throw DatabaseError(message: "repository_fts is missing")
    }
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(
      ":memory:", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
    self.connection = connection
    guard code == SQLITE_OK else { throw error(code) }
    try execute("PRAGMA journal_mode = OFF")
    try execute(sql)
    try? execute(Self.hashSizeSQL)
    try execute("BEGIN")
    var insert: OpaquePointer?
    let prepared = sqlite3_prepare_v2(
      connection, "INSERT INTO repository_fts (rowid, owner, name) VALUES (?, ?, ?)", -1, &insert, nil)
    self.insert = insert
    guard prepared == SQLITE_OK else { throw error(prepared) }
    pending.reserve()
    queue.suspend()
    waiting = true
  }

  deinit {
    // The import failed before finishing: drop the chunks still queued, wait for the thread.
    cancelled.store(true, ordering: .relaxed)
    start()
    queue.sync {}
    sqlite3_finalize(insert)
    sqlite3_close_v2(connection)
  }

  /// Collect up to 64 MiB of terms in memory before writing a segment: fewer, larger segments
  /// to merge. Older SQLite versions lack the option; the default then applies.
  static let hashSizeSQL = "INSERT INTO repository_fts (repository_fts, rank) VALUES ('hashsize', 67108864)"

  /// Adds a row inserted into `repository`, with an id greater than every id added before.
  func append(id: Int64, _ name: NameBytes) {
    pending.ids.append(id)
    let start = Int32(pending.bytes.count)
    pending.bytes.append(contentsOf: name.bytes)
    pending.ranges.append((start, start + Int32(name.slash), Int32(pending.bytes.count)))
    if pending.ids.count == Self.chunkSize { send() }
  }

  /// Lets the thread index the rows it has been given, and those to come.
  ///
  /// Until then it keeps them (up to ``maximumBacklog`` chunks): SQLite counts every allocation
  /// under one process-wide mutex, and two threads inserting rows at once spend their time
  /// waiting for it. Tokenizing the names while the writer sorts its indexes (which allocates
  /// little) costs no more than doing it alone.
  func start() {
    guard waiting else { return }
    waiting = false
    queue.resume()
  }

  /// Waits for the thread to index every row, then replaces the full-text index of `db` with
  /// the one built, in `db`'s transaction.
  func copy(into db: Database) throws {
    precondition(!finished, "a full-text index is copied once")
    finished = true
    send()
    start()
    queue.sync {
      guard failure == nil else { return }
      // Writes the last segment.
      do { try execute("COMMIT") } catch { failure = error }
    }
    if let failure { throw failure }

    // Clears the index of `db` through FTS5 first: FTS5 keeps the index structure it last read
    // (setting the hash size reads it), and 'delete-all' forgets it, so that the next reader
    // reads the copied one.
    try? db.execute(sql: Self.hashSizeSQL)
    try db.execute(sql: "INSERT INTO repository_fts (repository_fts) VALUES ('delete-all')")
    for table in ["repository_fts_data", "repository_fts_idx"] {
      try db.execute(sql: "DELETE FROM \(table)")
      try copyRows(of: table, into: db)
    }
  }

  // MARK: - Private

  /// Hands the pending rows to the thread.
  private func send() {
    guard !pending.ids.isEmpty else { return }
    let chunk = pending
    pending = Chunk()
    if !finished { pending.reserve() }
    if backlog.wait(timeout: .now()) == .timedOut {
      start()  // too many rows kept
      backlog.wait()
    }
    queue.async { [self] in
      defer { backlog.signal() }
      guard failure == nil, !cancelled.load(ordering: .relaxed) else { return }
      do { try index(chunk) } catch { failure = error }
    }
  }

  private func index(_ chunk: Chunk) throws {
    try chunk.bytes.withUnsafeBufferPointer { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { bytes in
        let base = bytes.baseAddress
        for (id, range) in zip(chunk.ids, chunk.ranges) {
          sqlite3_bind_int64(insert, 1, id)
          sqlite3_bind_text(insert, 2, base.map { $0 + Int(range.start) }, range.slash - range.start, nil)
          sqlite3_bind_text(insert, 3, base.map { $0 + Int(range.slash) + 1 }, range.end - range.slash - 1, nil)
          let code = sqlite3_step(insert)
          sqlite3_reset(insert)
          guard code == SQLITE_DONE else { throw error(code) }
        }
      }
    }
  }

  /// Inserts every row of `table` of the private database into the same table of `db`.
  private func copyRows(of table: String, into db: Database) throws {
    var select: OpaquePointer?
    defer { sqlite3_finalize(select) }
    let code = sqlite3_prepare_v2(connection, "SELECT * FROM \(table)", -1, &select, nil)
    guard code == SQLITE_OK else { throw error(code) }
    let columns = sqlite3_column_count(select)
    let insert = try db.makeStatement(
      sql: "INSERT INTO \(table) VALUES (\(repeatElement("?", count: Int(columns)).joined(separator: ", ")))")
    let handle = insert.sqliteStatement
    while true {
      switch sqlite3_step(select) {
      case SQLITE_ROW:
        for column in 0..<columns {
          sqlite3_bind_value(handle, column + 1, sqlite3_column_value(select, column))
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
      case SQLITE_DONE: return
      case let code: throw error(code)
      }
    }
  }

  private func execute(_ sql: String) throws {
    let code = sqlite3_exec(connection, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code) }
  }

  private func error(_ code: Int32) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code),
      message: connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")
  }
}
