import AccountStore
import Foundation
import PostgresDatabase
import PostgresNIO
import PostgresTestSupport
import Testing

/// What only PostgreSQL has: its schema, another server's rows, and a database that goes away.
@Suite("AccountStore on PostgreSQL", .enabled(if: TestPostgres.isAvailable, TestPostgres.skipReason))
struct PostgresAccountStoreTests {
  @Test func theDatabaseRefusesALoginInAnotherLetterCase() async throws {
    try await withPostgresStore { (store: AccountStore, pool: PostgresPool) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      let error = await #expect(throws: PostgresDatabaseError.self) {
        try await pool.withConnection { [logger = pool.logger] connection in
          _ = try await connection.query(
            "INSERT INTO accounts (login, password_hash) VALUES ('OCTOCAT', 'x')", logger: logger)
        }
      }
      #expect(error?.isUniqueViolation == true)
    }
  }

  /// An absence is never cached on PostgreSQL: a row another server inserted is found by the next
  /// lookup, even of a name this store just found missing.
  @Test func aRowInsertedByAnotherServerIsFoundByTheNextLookup() async throws {
    try await withPostgresStore { (store: AccountStore, pool: PostgresPool) async throws in
      #expect(try await store.account(named: "octocat") == nil)
      #expect(try await store.account(named: "octocat") == nil)
      try await pool.withConnection { [logger = pool.logger] connection in
        _ = try await connection.query(
          "INSERT INTO accounts (login, password_hash) VALUES ('OctoCat', 'x')", logger: logger)
      }
      #expect(try await store.account(named: "octocat")?.login == "OctoCat")
    }
  }

  @Test func createdAtIsKeptToTheMillisecondAsSQLiteKeepsIt() async throws {
    try await withStores(on: .postgres, count: 2) { (stores: [AccountStore]) async throws in
      let created = try await stores[0].createAccount(username: "octocat", password: "hunter22")
      // Whole milliseconds, up to the Double a Date holds (PostgreSQL keeps microseconds unless truncated).
      let milliseconds = created.createdAt.timeIntervalSince1970 * 1000
      #expect(abs(milliseconds - milliseconds.rounded()) < 0.001)
      #expect(abs(created.createdAt.timeIntervalSinceNow) < 60)
      // Read back by a store that never cached it.
      #expect(try await stores[1].account(named: "octocat") == created)
    }
  }

  @Test func openingAgainMigratesNothingAndTheMigrationIsRecorded() async throws {
    try await withPostgresStore { (store: AccountStore, pool: PostgresPool) async throws in
      let again = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
      try again.close()
      let recorded = try await pool.withConnection { [logger = pool.logger] connection in
        var rows: [String] = []
        let result = try await connection.query(
          "SELECT version, name FROM schema_migrations WHERE component = 'accounts' ORDER BY version", logger: logger)
        for try await (version, name) in result.decode((Int, String).self) { rows.append("\(version) \(name)") }
        return rows
      }
      #expect(recorded == ["1 create-accounts"])
    }
  }

  @Test func checkReadableAsksTheDatabaseEveryTime() async throws {
    try await withPostgresStore { (store: AccountStore, _: PostgresPool) async throws in
      try await store.checkReadable()
      try await store.checkReadable()
    }
  }

  /// The database stops (`pg_ctl stop`): lookups, signups and the readiness check fail as unavailable,
  /// within the operation timeout and without the password; once it is back, the pool reconnects by itself.
  @Test(.timeLimit(.minutes(2)))
  func aStoppedDatabaseIsUnavailableAndTheStoreRecoversWhenItReturns() async throws {
    let cluster = try await ScratchCluster.start()
    let pool = PostgresPool(url: cluster.url, options: PostgresPoolOptions(operationTimeout: .seconds(2)))
    do {
      try await checkStopAndRecovery(cluster: cluster, pool: pool)
    } catch {
      pool.close()
      try? await cluster.remove()
      throw error
    }
    pool.close()
    try await cluster.remove()
  }

  private func checkStopAndRecovery(cluster: ScratchCluster, pool: PostgresPool) async throws {
    let store = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
    let created = try await store.createAccount(username: "octocat", password: "hunter22")

    try await cluster.stop()
    let lookup = await #expect(throws: AccountStoreError.self) { try await store.account(named: "someone") }
    let signup = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "newcomer", password: "hunter22")
    }
    let readiness = await #expect(throws: AccountStoreError.self) { try await store.checkReadable() }
    for error in [lookup, signup, readiness] {
      #expect(error?.isUnavailable == true, "\(String(describing: error))")
      #expect(error?.description.contains(try #require(cluster.url.password)) == false)
    }
    // Accounts already found are still answered from the cache (they never change).
    #expect(try await store.account(named: "octocat") == created)

    // Whether the pool has found the server unreachable depends on how the stop reached it (a closed connection
    // fails at once, without a probe): either way it must come back.
    try await cluster.start()
    await pool.waitUntilReachable()
    // postgres-nio reconnects with a backoff that grew while the server was away: retry, within a generous bound,
    // until a connection is made again (this waits on the real server, not on a timing rule of ours).
    var recovered = false
    let deadline = ContinuousClock.now + .seconds(60)
    while !recovered, ContinuousClock.now < deadline {
      do {
        try await store.checkReadable()
        recovered = true
      } catch {
        #expect(error.isUnavailable, "\(error)")
        try await Task.sleep(for: .milliseconds(100))
      }
    }
    #expect(recovered)
    let newcomer = try await store.createAccount(username: "newcomer", password: "hunter22")
    #expect(try await store.account(named: "NEWCOMER") == newcomer)
    try store.close()
  }

  /// A store on a scratch database, with its pool for SQL of the test's own.
  private func withPostgresStore(_ body: (AccountStore, PostgresPool) async throws -> Void) async throws {
    try await TestPostgres.withScratchDatabase { url in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      let store = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
      defer { try? store.close() }
      try await body(store, pool)
    }
  }
}
