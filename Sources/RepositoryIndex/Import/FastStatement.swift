internal import GRDB
internal import GRDBSQLite

/// A prepared statement driven through SQLite's C API, for the hot loops of an import: binding a
/// line's bytes in place costs a fraction of building GRDB `StatementArguments` for each row,
/// and reading a quarter of a million vocabulary rows as bytes a fraction of decoding `Row`s.
///
/// **Contract:** every parameter is bound again before each step; text is bound without a copy
/// (`SQLITE_STATIC`), so the bytes must stay valid until the step returns.
struct FastStatement {
  private let statement: Statement
  private let db: Database

  init(_ db: Database, sql: String) throws {
    self.db = db
    statement = try db.makeStatement(sql: sql)
  }

  private var handle: OpaquePointer { statement.sqliteStatement }

  func bind(_ index: Int32, _ value: Int64) {
    sqlite3_bind_int64(handle, index, value)
  }

  func bind(_ index: Int32, _ text: UnsafeBufferPointer<UInt8>) {
    text.withMemoryRebound(to: CChar.self) { text in
      _ = sqlite3_bind_text(handle, index, text.baseAddress, Int32(text.count), nil)
    }
  }

  func bindNull(_ index: Int32) {
    sqlite3_bind_null(handle, index)
  }

  /// Runs a statement that returns no row.
  func execute() throws {
    defer { sqlite3_reset(handle) }
    let code = sqlite3_step(handle)
    guard code == SQLITE_DONE else { throw error(code) }
  }

  /// Runs a query and returns the integer in the first column of its first row, if any.
  func fetchInt64() throws -> Int64? {
    defer { sqlite3_reset(handle) }
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return sqlite3_column_int64(handle, 0)
    case SQLITE_DONE: return nil
    case let code: throw error(code)
    }
  }

  /// Runs a query of a text and an integer column, calling `body` with each row's text (its
  /// bytes, valid during the call) and integer.
  func forEachRow(_ body: (UnsafeBufferPointer<UInt8>, Int64) throws -> Void) throws {
    defer { sqlite3_reset(handle) }
    while true {
      switch sqlite3_step(handle) {
      case SQLITE_ROW:
        let count = Int(sqlite3_column_bytes(handle, 0))
        let text = sqlite3_column_text(handle, 0).map { UnsafeBufferPointer(start: $0, count: count) }
        try body(text ?? UnsafeBufferPointer(start: nil, count: 0), sqlite3_column_int64(handle, 1))
      case SQLITE_DONE: return
      case let code: throw error(code)
      }
    }
  }

  private func error(_ code: Int32) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code),
      message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
      sql: statement.sql
    )
  }
}
