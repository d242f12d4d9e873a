import Logging
import PostgresNIO

extension PostgresPool {
  /// Connects to the server on a connection of its own (not the pool's, which may be busy or backing off), runs
  /// `SELECT 1` and closes, within `timeout` on `clock`; a failure says why without the password.
  ///
  /// Only a refusal is a failure: no connection (refused, reset, no route), the login or the database refused,
  /// the server shutting down or starting. Slowness is not (the connection's own timeout, `connectTimeout`, is
  /// the pool's, longer than `timeout`), nor is a server out of connection slots (SQLSTATE 53…): it is up.
  static func probe(
    _ url: PostgresURL, timeout: Duration, connectTimeout: Duration, clock: any Clock<Duration>, logger: Logger
  ) async -> PostgresReachability.ProbeOutcome {
    do {
      return try await withThrowingTaskGroup(of: PostgresReachability.ProbeOutcome.self) { group in
        group.addTask {
          let connection = try await PostgresConnection.connect(
            configuration: try connectionConfiguration(url, connectTimeout: max(connectTimeout, timeout)), id: 0,
            logger: logger)
          do {
            _ = try await connection.query("SELECT 1", logger: logger).collect()
          } catch {
            try? await connection.close()
            throw error
          }
          try? await connection.close()
          return .answered
        }
        group.addTask {
          try await clock.sleep(for: timeout)
          return .noAnswer
        }
        defer { group.cancelAll() }
        return try await group.next() ?? .noAnswer
      }
    } catch let error as PSQLError where error.code == .server && error.serverInfo?[.sqlState]?.hasPrefix("53") == true
    {
      return .noAnswer
    } catch {
      return .failed(translate(error).reason)
    }
  }

  /// The pool's connection settings, for one connection.
  private static func connectionConfiguration(
    _ url: PostgresURL, connectTimeout: Duration
  ) throws -> PostgresConnection.Configuration {
    let tls: PostgresConnection.Configuration.TLS =
      switch url.sslMode {
      case .disable: .disable
      case .prefer: .prefer(try NIOSSLContext(configuration: unverifiedTLS))
      case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
      }
    var configuration = PostgresConnection.Configuration(
      host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls)
    configuration.options.connectTimeout = TimeAmount(connectTimeout)
    configuration.options.additionalStartupParameters = [("application_name", "octoreact-probe")]
    return configuration
  }
}
