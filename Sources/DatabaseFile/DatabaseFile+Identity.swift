import Foundation
internal import GRDB

/// Checking that an existing file is the database a store expects, before anything writes to it.
extension DatabaseFile {
  /// What an existing database file is, judged from its header and tables.
  enum Identity: Equatable {
    /// A new (empty) database, or a file of the expected kind, stamped or to be adopted.
    case expected
    /// The other Octoreact database.
    case other(DatabaseKind)
    /// An SQLite file of another application: its `application_id` (0 when none) and some table names.
    case foreign(applicationID: Int32, tables: [String])
  }

  /// Reads the identity of the database at `path` through a connection of its own that only reads, so
  /// a wrong file is refused before the pool switches it to WAL or a migration creates tables in it.
  ///
  /// A missing or empty file is new. A file without an id but with the expected tables was made before
  /// the stamp existed: it is adopted, and the store's migration stamps it.
  static func checkIdentity(at path: String, expected: DatabaseKind) throws(OpeningError) {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let size = attributes?[.size] as? NSNumber, size.intValue > 0 else { return }
    let identity: Identity
    do {
      var configuration = Configuration()
      configuration.readonly = true
      configuration.busyMode = .timeout(5)
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      identity = try queue.read { db in try Self.identity(of: db, expected: expected) }
      try queue.close()
    } catch {
      throw OpeningError(reason: reason(error) ?? "\(error)")
    }
    switch identity {
    case .expected:
      return
    case .other(let kind):
      throw OpeningError(reason: "it is \(kind.description), not \(expected.description)", otherKind: kind)
    case .foreign(let applicationID, let tables):
      let what =
        applicationID == 0
        ? "an SQLite database of another application (tables: \(tables.joined(separator: ", ")))"
        : "an SQLite database of another application (application_id \(applicationID))"
      throw OpeningError(reason: "it is \(what), not \(expected.description)")
    }
  }

  /// The identity of an open database; pure reads.
  static func identity(of db: Database, expected: DatabaseKind) throws -> Identity {
    let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    if applicationID != 0 {
      if applicationID == expected.applicationID { return .expected }
      if let kind = DatabaseKind(applicationID: applicationID) { return .other(kind) }
      return .foreign(applicationID: applicationID, tables: [])
    }
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    if tables.isEmpty { return .expected }
    let names = Set(tables)
    if expected.markerTables.isSubset(of: names) { return .expected }
    for kind in DatabaseKind.allCases where kind != expected && kind.markerTables.isSubset(of: names) {
      return .other(kind)
    }
    // A handful of names is enough to recognise a file; a file with thousands must not flood the line.
    let shown = tables.prefix(5).joined(separator: ", ")
    return .foreign(applicationID: 0, tables: [tables.count > 5 ? shown + ", …" : shown])
  }
}
