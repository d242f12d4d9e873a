internal import DatabaseFile
internal import Foundation
internal import GRDB

/// A local full-text index of GitHub repositories: SQLite FTS5 through GRDB, filled by
/// ``importRepositories(from:progress:)`` and queried by ``search(_:page:perPage:)``.
///
/// A file index is a GRDB `DatabasePool` in WAL mode: searches run in parallel with each other
/// and with an import, which they do not see until it commits. The schema comes from named
/// migrations (see `Migrations.swift`), run on every open.
///
/// **Ranking:** exact name matches first (the query equals `name`, or `full_name` when it has a
/// slash, ignoring ASCII case), then name (or full name) prefix matches, each by stars then full
/// name; then every other repository containing all the query's words (the last one as a
/// prefix) by bm25 relevance (a word in the name weighs most), then stars, then full name. The
/// query is text, never FTS syntax: quotes, `*`, `-`, `AND`, `NEAR`… are searched as words or
/// ignored as punctuation. `RankedSearch` explains how a page is computed cheaply, and its
/// limits.
///
/// **Guarantees:**
/// - An import is one transaction: searches see all of it or none of it, and a failed or
///   cancelled import leaves the index as it was.
/// - A line that cannot be imported is skipped and reported; nothing of it is written.
/// - Importing the same file twice leaves the same rows with the same ids.
///
/// For example:
///
/// ```swift
/// let index = try RepositoryIndex(path: "/var/lib/octoreact/repositories.sqlite")
/// let report = try await index.importRepositories(from: URL(fileURLWithPath: "repos.txt"))
/// print(report.inserted, report.issues)
///
/// let page = try await index.search("swift-nio", page: 1, perPage: 30)
/// page.totalCount            // 42
/// page.items.first?.fullName // "apple/swift-nio"
/// ```
public final class RepositoryIndex: Sendable {
  let writer: any DatabaseWriter
  let location: String
  /// Results of recent searches; emptied by every import, this process's or another's (see
  /// `RepositoryIndex+Freshness.swift`).
  let cache = SearchCache(capacity: 512)
  /// Notices commits to the file by other connections (nil in memory, where there are none).
  let commits: CommitWatcher?
  /// Whether the index is closed, and how many operations are using the database.
  private let lifecycle = ConnectionLifecycle()


  /// Opens the index at `path` in WAL mode, creating its folders and file if needed, and
  /// migrates it.
  ///
  /// - Throws: ``RepositoryIndexError/cannotOpen(path:reason:)`` when a folder cannot be
  ///   created, the location is not writable, or the file is not a database.
  public convenience init(path: String) throws(RepositoryIndexError) {
    let pool = try Self.openPool(at: path)
    try self.init(writer: pool, location: path, watchingCommits: true)
  }

  /// An index in memory, gone when released: for tests.
  public static func inMemory() throws(RepositoryIndexError) -> RepositoryIndex {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(configuration: configuration)
    } catch {
      throw .cannotOpen(path: ":memory:", reason: reason(error))
    }
    return try RepositoryIndex(writer: queue, location: ":memory:", watchingCommits: false)
  }

  private init(writer: any DatabaseWriter, location: String, watchingCommits: Bool) throws(RepositoryIndexError) {
    do {
      try Migrations.migrator.migrate(writer)
      // Opened after the migration, so that the watcher finds the file in WAL mode.
      commits = watchingCommits ? try CommitWatcher(path: location) : nil
    } catch {
      throw .cannotOpen(path: location, reason: Self.reason(error))
    }
    self.writer = writer
    self.location = location
  }

  /// The number of repositories in the index.
  public func count() async throws(RepositoryIndexError) -> Int {
    try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM repository") ?? 0 }
  }

  /// Closes the database. Any later call throws ``RepositoryIndexError/storage(_:)``; closing
  /// again does nothing.
  ///
  /// When no operation is running, the database is closed before this returns (so the file can
  /// be reopened at once). Otherwise the operations in flight finish normally and the last one
  /// closes it.
  public func close() throws(RepositoryIndexError) {
    guard lifecycle.close() else { return }
    do {
      try commits?.close()
      try writer.close()
    } catch {
      throw Self.translate(error)
    }
  }

  // MARK: - Database access

  /// Runs `body` in a read transaction (a snapshot), translating errors.
  func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(RepositoryIndexError) -> T {
    try beginOperation()
    defer { endOperation() }
    do {
      return try await writer.read(body)
    } catch {
      throw Self.translate(error)
    }
  }

  /// Runs `body` in one write transaction, translating errors, and empties the search cache
  /// once it has committed.
  func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(RepositoryIndexError) -> T {
    try beginOperation()
    defer { endOperation() }
    do {
      let result = try await writer.write(body)
      cache.removeAll()
      return result
    } catch {
      throw Self.translate(error)
    }
  }

  /// Checkpoints the WAL and truncates it: a bulk import leaves it as large as the index. Fails
  /// harmlessly (and silently) while readers hold older snapshots; the next write shrinks it then.
  func truncateWriteAheadLog() async {
    guard (try? beginOperation()) != nil else { return }
    defer { endOperation() }
    _ = try? await writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
  }

  /// Counts an operation in, or throws when the index is closed. SQLite must not be called on a
  /// closed connection (without SQLITE_ENABLE_API_ARMOR, as on Linux, that crashes), so the
  /// connection stays open until every operation that got in has ended.
  func beginOperation() throws(RepositoryIndexError) {
    guard lifecycle.begin() else { throw .storage("the repository index is closed") }
  }

  func endOperation() {
    // A deferred close has no caller left to report to; GRDB closes on deinit if this fails.
    if lifecycle.end() {
      try? commits?.close()
      try? writer.close()
    }
  }
}
