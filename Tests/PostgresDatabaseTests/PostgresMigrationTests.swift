import PostgresDatabase
import PostgresNIO
import PostgresTestSupport
import Testing

@Suite("PostgresPool migrations", .enabled(if: TestPostgres.isAvailable, TestPostgres.skipReason))
struct PostgresMigrationTests {
  static let first = PostgresMigration(
    version: 1, name: "create-things", statements: ["CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"])
  static let second = PostgresMigration(
    version: 2, name: "index-things", statements: ["CREATE INDEX things_on_name ON things (name)"])

  @Test func migrationsAreAppliedInOrderOnceAndRecorded() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      let set = PostgresMigrations(component: "test", migrations: [Self.first, Self.second])

      #expect(try await pool.migrate(set) == [1, 2])
      #expect(try await pool.migrate(set) == [])
      let recorded = try await pool.withConnection { [logger = pool.logger] connection in
        var rows: [String] = []
        let result = try await connection.query(
          "SELECT version, name, checksum FROM schema_migrations WHERE component = 'test' ORDER BY version",
          logger: logger)
        for try await (version, name, checksum) in result.decode((Int, String, String).self) {
          rows.append("\(version) \(name) \(checksum)")
        }
        return rows
      }
      #expect(recorded == ["1 create-things \(Self.first.checksum)", "2 index-things \(Self.second.checksum)"])
    }
  }

  @Test func aNewMigrationIsAppliedAfterTheShippedOnes() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      #expect(try await pool.migrate(PostgresMigrations(component: "test", migrations: [Self.first])) == [1])
      #expect(
        try await pool.migrate(PostgresMigrations(component: "test", migrations: [Self.first, Self.second])) == [2])
    }
  }

  @Test func anEditedShippedMigrationIsRefusedAndNothingRuns() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      try await pool.migrate(PostgresMigrations(component: "test", migrations: [Self.first]))

      let edited = PostgresMigration(
        version: 1, name: "create-things",
        statements: ["CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL, extra TEXT)"])
      let error = await #expect(throws: PostgresDatabaseError.self) {
        try await pool.migrate(PostgresMigrations(component: "test", migrations: [edited, Self.second]))
      }
      #expect(error?.isMigrationChanged == true)
      #expect(error?.description.contains("Migration 1 “create-things” was changed") == true)
      // Migration 2 did not run: the refusal comes before anything is applied.
      let indexes = try await pool.withConnection { [logger = pool.logger] connection in
        try await connection.query("SELECT count(*) FROM pg_indexes WHERE indexname = 'things_on_name'", logger: logger)
          .decode(Int.self).first { _ in true }
      }
      #expect(indexes == 0)
    }
  }

  @Test func threeProcessesMigratingAtOnceApplyEachMigrationOnce() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let set = PostgresMigrations(component: "test", migrations: [Self.first, Self.second])
      // Three pools, as three servers starting together would have.
      let pools = (0..<3).map { _ in PostgresPool(url: url, options: TestPostgres.poolOptions) }
      defer { for pool in pools { pool.close() } }
      let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
        for pool in pools { group.addTask { try await pool.migrate(set) } }
        var applied: [[Int]] = []
        for try await versions in group { applied.append(versions) }
        return applied
      }
      #expect(applied.sorted { $0.count > $1.count } == [[1, 2], [], []])
    }
  }

  @Test func aFailingMigrationAppliesNothing() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      let broken = PostgresMigration(version: 2, name: "broken", statements: ["CREATE INDEX ON nowhere (x)"])
      let error = await #expect(throws: PostgresDatabaseError.self) {
        try await pool.migrate(PostgresMigrations(component: "test", migrations: [Self.first, broken]))
      }
      #expect(error?.description.contains("Migration 2 “broken” failed") == true, "\(String(describing: error))")
      // One transaction: migration 1 was rolled back with it.
      #expect(try await pool.migrate(PostgresMigrations(component: "test", migrations: [Self.first])) == [1])
    }
  }
}

/// The checksum `schema_migrations` records: no server needed.
@Suite("PostgresMigration checksum")
struct PostgresMigrationChecksumTests {
  @Test func checksumChangesWithTheSQLAndItsSplitIntoStatements() {
    let a = PostgresMigration(version: 1, name: "a", statements: ["SELECT 1", "SELECT 2"])
    #expect(a.checksum.count == 64)
    #expect(a.checksum != PostgresMigration(version: 1, name: "a", statements: ["SELECT 1SELECT 2"]).checksum)
    #expect(a.checksum != PostgresMigration(version: 1, name: "a", statements: ["SELECT 1", "SELECT 3"]).checksum)
    #expect(a.checksum == PostgresMigration(version: 1, name: "renamed", statements: ["SELECT 1", "SELECT 2"]).checksum)
  }
}
