import Crypto

/// One versioned change to a PostgreSQL schema: plain SQL statements, applied once, in order.
///
/// **Never edit a migration once it has shipped.** Databases in the field have run it, and each
/// records the SHA-256 ``checksum`` of its SQL in `schema_migrations`; a build whose SQL for that
/// version differs is refused at startup (``PostgresDatabaseError/migrationChanged(version:name:)``).
/// Change a schema by adding a migration with the next version. Statements are plain SQL, not app
/// types, so that each keeps meaning what it meant when it was written.
public struct PostgresMigration: Sendable, Hashable {
  /// The position in its ``PostgresMigrations/component``'s list, from 1, with no gaps.
  public let version: Int
  /// What it does, for people (`create-accounts`).
  public let name: String
  /// The statements, run in order in the migration transaction (one statement each: the extended
  /// query protocol takes no `;`-separated lists).
  public let statements: [String]

  public init(version: Int, name: String, statements: [String]) {
    self.version = version
    self.name = name
    self.statements = statements
  }

  /// SHA-256 of the statements, in hex: what `schema_migrations` records.
  public var checksum: String {
    var hasher = SHA256()
    for statement in statements {
      hasher.update(data: Array(statement.utf8))
      // A separator no statement ends with, so that moving text between statements changes the sum.
      hasher.update(data: [0])
    }
    return hasher.finalize().map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}

/// The migrations of one part of the schema (`accounts`, `rate_limits`…), recorded in the shared
/// `schema_migrations` table under the component's name.
public struct PostgresMigrations: Sendable, Hashable {
  public let component: String
  public let migrations: [PostgresMigration]

  /// - Precondition: versions are 1, 2, 3… in order.
  public init(component: String, migrations: [PostgresMigration]) {
    precondition(
      migrations.map(\.version) == Array(1..<(migrations.count + 1)),
      "migration versions must be 1, 2, 3… in order"
    )
    self.component = component
    self.migrations = migrations
  }
}
