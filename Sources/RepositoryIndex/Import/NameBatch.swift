internal import GRDB

/// Inserts repositories known only by name ``size`` at a time, with one multi-row `INSERT`, in
/// bulk mode (when nothing reads the table before the import finishes).
///
/// A one-row statement opens a cursor on the table, seeks the end from the root and closes it
/// again for every row; one statement of 64 rows does so once per 64 rows and appends the rest
/// (a million rows: 1.8 s → 1.0 s in SQLite, measured from C). The lines are copied here (their
/// buffer is reused for the next chunk of the file) and bound in place.
///
/// Rows are written when the batch is full and by ``flush()``, which must run before anything
/// reads or writes `repository` again.
final class NameBatch {
  /// Rows per statement: past 64, larger statements save little more.
  static let size = 64

  private let db: Database
  private let insert: FastStatement
  /// The full names of the pending rows, one after another.
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  private var rows: [(id: Int64, offset: Int, length: Int, slash: Int)] = []
  private var bytesUsed = 0

  init(_ db: Database) throws {
    self.db = db
    insert = try FastStatement(db, sql: Self.insertSQL(rows: Self.size))
    bytes = .allocate(capacity: Self.size * (NameBytes.maximumOwnerLength + 1 + NameBytes.maximumNameLength))
    rows.reserveCapacity(Self.size)
  }

  deinit {
    bytes.deallocate()
  }

  /// Adds a row, writing the batch when it is full.
  func append(id: Int64, _ name: NameBytes) throws {
    let target = UnsafeMutableBufferPointer(rebasing: bytes[bytesUsed..<bytesUsed + name.bytes.count])
    _ = target.initialize(from: name.bytes)
    rows.append((id, bytesUsed, name.bytes.count, name.slash))
    bytesUsed += name.bytes.count
    if rows.count == Self.size { try flush() }
  }

  /// Writes the pending rows.
  func flush() throws {
    guard !rows.isEmpty else { return }
    // The last rows of an import take a statement of their own size.
    let statement = rows.count == Self.size ? insert : try FastStatement(db, sql: Self.insertSQL(rows: rows.count))
    let base = UnsafeBufferPointer(bytes)
    for (index, row) in rows.enumerated() {
      let parameter = Int32(index * 4)
      statement.bind(parameter + 1, row.id)
      statement.bind(parameter + 2, UnsafeBufferPointer(rebasing: base[row.offset..<row.offset + row.length]))
      statement.bind(parameter + 3, UnsafeBufferPointer(rebasing: base[row.offset..<row.offset + row.slash]))
      statement.bind(
        parameter + 4, UnsafeBufferPointer(rebasing: base[row.offset + row.slash + 1..<row.offset + row.length]))
    }
    try statement.execute()
    rows.removeAll(keepingCapacity: true)
    bytesUsed = 0
  }

  private static func insertSQL(rows: Int) -> String {
    "INSERT INTO repository (id, full_name, owner, name) VALUES "
      + repeatElement("(?, ?, ?, ?)", count: rows).joined(separator: ", ")
  }
}
