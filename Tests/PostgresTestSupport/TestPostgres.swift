public import Foundation
public import PostgresDatabase
public import Testing
import PostgresNIO

/// The PostgreSQL server tests may use: `OCTOREACT_TEST_POSTGRES_URL`, a role that may create databases.
///
/// `scripts/test` starts a throw-away cluster (`scripts/lib/postgres.sh`) and always sets the variable,
/// so CI never skips the PostgreSQL cases. A bare `swift test` runs them only with the variable set;
/// without it they are left out (parameterised tests run their SQLite cases alone).
public enum TestPostgres {
  /// The server's URL, or nil when the variable is unset.
  public static var url: PostgresURL? {
    guard let text = ProcessInfo.processInfo.environment["OCTOREACT_TEST_POSTGRES_URL"], !text.isEmpty else {
      return nil
    }
    do {
      return try PostgresURL(text)
    } catch {
      fatalError("OCTOREACT_TEST_POSTGRES_URL: \(error)")
    }
  }

  /// Why the PostgreSQL cases are left out, for `.enabled(if:_:)`.
  public static let skipReason: Comment = "needs OCTOREACT_TEST_POSTGRES_URL (scripts/test sets it)"

  /// The pool options of tests: the standard ones but a 30 s operation timeout, since a first connection
  /// (a new backend process) can take seconds while hundreds of tests run at once on two cores.
  public static var poolOptions: PostgresPoolOptions { PostgresPoolOptions(operationTimeout: .seconds(30)) }

  /// True when the PostgreSQL cases run.
  public static var isAvailable: Bool { url != nil }

  /// The repository's root folder (for `scripts/lib/postgres.sh`).
  public static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `url` written out, password included, for a command line (`octoreact serve --database`).
  public static func text(of url: PostgresURL) -> String {
    var components = URLComponents()
    components.scheme = "postgres"
    components.user = url.user
    components.password = url.password
    components.host = url.host
    components.port = url.port
    components.path = "/" + url.database
    return components.string ?? ""
  }

  /// Runs `body` with the URL of a new, empty database on the test server, then drops the database.
  ///
  /// Each test gets its own database (`octoreact_test_` and 16 random hex digits), so tests run in
  /// parallel without seeing each other's rows or migrations.
  public static func withScratchDatabase<T>(_ body: (PostgresURL) async throws -> T) async throws -> T {
    guard let server = url else { throw ScratchDatabaseError.noServer }
    let name = "octoreact_test_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    let admin = PostgresPool(
      url: server, options: PostgresPoolOptions(maximumConnections: 1, operationTimeout: .seconds(30)))
    defer { admin.close() }
    try await admin.withConnection { [logger = admin.logger] connection in
      _ = try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
    }
    var scratch = server
    scratch.database = name
    do {
      let result = try await body(scratch)
      try await drop(name, through: admin)
      return result
    } catch {
      try? await drop(name, through: admin)
      throw error
    }
  }

  private static func drop(_ name: String, through admin: PostgresPool) async throws {
    try await admin.withConnection { [logger = admin.logger] connection in
      // FORCE: a pool the test did not close yet still holds connections.
      let drop = PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
      _ = try await connection.query(drop, logger: logger)
    }
  }
}

/// Why a scratch database could not be made.
public enum ScratchDatabaseError: Error, CustomStringConvertible {
  case noServer

  public var description: String {
    "OCTOREACT_TEST_POSTGRES_URL is not set: run scripts/test, or start a server and set it"
  }
}
