import PostgresDatabase
import PostgresNIO
import PostgresTestSupport
import Testing

@Suite("PostgresPool", .enabled(if: TestPostgres.isAvailable, TestPostgres.skipReason))
struct PostgresPoolTests {
  @Test func uniqueViolationIsReportedAsSuchWithoutTheValue() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      defer { pool.close() }
      try await pool.withConnection { [logger = pool.logger] connection in
        _ = try await connection.query("CREATE TABLE t (name TEXT PRIMARY KEY)", logger: logger)
        _ = try await connection.query("INSERT INTO t VALUES ('Sup3rSecretValue')", logger: logger)
      }
      let error = await #expect(throws: PostgresDatabaseError.self) {
        try await pool.withConnection { [logger = pool.logger] connection in
          _ = try await connection.query("INSERT INTO t VALUES (\("Sup3rSecretValue"))", logger: logger)
        }
      }
      #expect(error?.isUniqueViolation == true)
      #expect(error?.description.contains("Sup3rSecretValue") == false)
    }
  }

  @Test func aWrongPasswordIsUnavailableAndNotRepeated() async throws {
    var url = try #require(TestPostgres.url)
    url.password = "Wr0ngPassw0rd"
    let pool = PostgresPool(url: url, options: PostgresPoolOptions(operationTimeout: .seconds(2)))
    defer { pool.close() }
    let error = await #expect(throws: PostgresDatabaseError.self) { try await pool.ping() }
    #expect(error?.isUnavailable == true)
    #expect(error?.description.contains("Wr0ngPassw0rd") == false)
  }

  @Test func aClosedPoolRefusesOperations() async throws {
    let pool = PostgresPool(url: try #require(TestPostgres.url), options: TestPostgres.poolOptions)
    try await pool.ping()
    pool.close()
    await pool.waitUntilClosed()
    let error = await #expect(throws: PostgresDatabaseError.self) { try await pool.ping() }
    #expect(error?.isUnavailable == true)
    #expect(error == .closed)
  }

  @Test func aStatementOverTheOperationTimeoutFailsAsUnavailable() async throws {
    let pool = PostgresPool(
      url: try #require(TestPostgres.url), options: PostgresPoolOptions(operationTimeout: .seconds(3)))
    defer { pool.close() }
    let error = await #expect(throws: PostgresDatabaseError.self) {
      try await pool.withConnection { [logger = pool.logger] connection in
        _ = try await connection.query("SELECT pg_sleep(30)", logger: logger).collect()
      }
    }
    #expect(error?.isUnavailable == true, "\(String(describing: error))")
    // The pool still serves.
    try await pool.ping()
  }

  /// What `/metrics` reports as the pool's use: the connections operations hold, none once they are done.
  @Test func connectionsInUseCountsTheLeasedConnections() async throws {
    let pool = PostgresPool(url: try #require(TestPostgres.url), options: TestPostgres.poolOptions)
    defer { pool.close() }
    #expect(pool.connectionsInUse == 0)
    let inside = try await pool.withConnection { _ in pool.connectionsInUse }
    let insideTransaction = try await pool.withTransaction { _ in pool.connectionsInUse }
    #expect(inside == 1)
    #expect(insideTransaction == 1)
    #expect(pool.connectionsInUse == 0)
  }
}
