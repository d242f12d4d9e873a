/// Which of Octoreact's two SQLite databases a file is, as stamped in its header.
///
/// SQLite keeps a 32-bit `application_id` in every database file's header (`PRAGMA application_id`),
/// meant for exactly this: telling one application's files from another's. Each store stamps its own id
/// in a migration, so an account database given where a repository index is expected (or the reverse)
/// is refused by name instead of being silently filled with the other's tables.
///
/// **Stable:** the ids are written into files in the field and never change.
public enum DatabaseKind: Sendable, Hashable, CaseIterable {
  /// The account database (`AccountStore`).
  case accounts
  /// The repository index (`RepositoryIndex`).
  case repositoryIndex

  /// The id stamped in the file's header: "OCTA" and "OCTI" in ASCII, big-endian as SQLite stores it.
  public var applicationID: Int32 {
    switch self {
    case .accounts: 0x4F43_5441
    case .repositoryIndex: 0x4F43_5449
    }
  }

  /// The kind stamped with `applicationID`, or nil for any other id (0 included: not stamped).
  public init?(applicationID: Int32) {
    guard let kind = Self.allCases.first(where: { $0.applicationID == applicationID }) else { return nil }
    self = kind
  }

  /// What the file is, in words: "an Octoreact account database".
  public var description: String {
    switch self {
    case .accounts: "an Octoreact account database"
    case .repositoryIndex: "an Octoreact repository index"
    }
  }

  /// The SQL of the migration that stamps a file of this kind; run once, from each store's migrator.
  public var stampingSQL: String { "PRAGMA application_id = \(applicationID)" }

  /// The tables a file of this kind has had since its first migration, without which a file that is
  /// not stamped yet (made before the stamp existed) is not adopted.
  var markerTables: Set<String> {
    switch self {
    case .accounts: ["accounts", "grdb_migrations"]
    case .repositoryIndex: ["repository", "repository_fts", "grdb_migrations"]
    }
  }
}
