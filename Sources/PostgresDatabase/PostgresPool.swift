public import Logging
public import PostgresNIO
import Synchronization

/// A pool of connections to one PostgreSQL database (postgres-nio's `PostgresClient`).
///
/// Opening starts the pool's background task (`PostgresClient.run()`), which owns the connections:
/// it opens them on demand up to ``PostgresPoolOptions/maximumConnections``, closes idle ones, and
/// when the server goes away retries with a growing backoff, so that operations succeed again once it
/// is back. Nothing connects until the first operation.
///
/// **Contract:** every operation (``withConnection(_:)``, ``withTransaction(_:)``) waits at most
/// ``PostgresPoolOptions/operationTimeout`` for a connection and its statements, then throws
/// ``PostgresDatabaseError/unavailable(_:)``; the server cancels a statement that outlives it
/// (`statement_timeout`). Once a probe found the server unreachable (see ``PostgresPoolOptions``),
/// operations throw `unavailable` at once until it answers again (``unreachableReason``). Errors are
/// ``PostgresDatabaseError``s without passwords or statement arguments. ``close()`` stops the pool:
/// operations in flight fail, later ones throw ``PostgresDatabaseError/closed``; ``waitUntilClosed()``
/// returns once every connection is closed.
///
/// For example:
///
/// ```swift
/// let database = PostgresPool(url: try PostgresURL("postgres://app:secret@127.0.0.1/app"))
/// try await database.migrate(MyMigrations.all)
/// let count = try await database.withConnection { connection in
///   try await connection.query("SELECT count(*) FROM accounts", logger: database.logger)
///     .decode(Int.self).first { _ in true }
/// }
/// database.close()
/// await database.waitUntilClosed()
/// ```
public final class PostgresPool: Sendable {
  /// Where the database is, with the password.
  public let url: PostgresURL
  public let options: PostgresPoolOptions
  /// The logger of the pool and its statements: postgres-nio logs each failed connection attempt at
  /// `info` (with the server's message, never the password).
  public let logger: Logger
  private let client: PostgresClient
  private let runTask: Task<Void, Never>
  private let isClosed = Atomic<Bool>(false)
  /// Connections leased by an operation now (for `/metrics`).
  private let leased = Atomic<Int>(0)
  private let clock: any Clock<Duration>
  private let reachability: PostgresReachability

  /// Creates the pool for `url` and starts its background task; connects on first use.
  public init(
    url: PostgresURL, options: PostgresPoolOptions = .standard, logger: Logger = PostgresPool.quietLogger,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.url = url
    self.options = options
    self.logger = logger
    self.clock = clock
    let client = PostgresClient(configuration: Self.configuration(url, options), backgroundLogger: logger)
    self.client = client
    runTask = Task { await client.run() }
    reachability = PostgresReachability(clock: clock, retryInterval: options.reachabilityRetryInterval) {
      await Self.probe(
        url, timeout: options.reachabilityProbeTimeout, connectTimeout: options.connectTimeout, clock: clock,
        logger: logger)
    }
  }

  /// Why the server was unreachable at the last probe, or nil while it is thought reachable: operations then fail
  /// at once (for `/readyz` and `/metrics`).
  public var unreachableReason: String? { reachability.unreachableReason }

  /// Returns once the server is thought reachable again (at once when it is, or once the pool is closed).
  package func waitUntilReachable() async {
    await reachability.waitUntilReachable()
  }

  /// A logger for `octoreact.postgres` at `warning`: the default, so that a test or a tool is not told
  /// of every retried connection.
  public static var quietLogger: Logger {
    var logger = Logger(label: "octoreact.postgres")
    logger.logLevel = .warning
    return logger
  }

  /// Leases a connection for `body`, within the operation timeout.
  ///
  /// - Throws: ``PostgresDatabaseError``: `unavailable` when no connection came or the server went
  ///   away, `uniqueViolation`, `server` for a refused statement; `body`'s own
  ///   ``PostgresDatabaseError``s as they are.
  public func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws(PostgresDatabaseError) -> Result {
    try await withinDeadline(options.operationTimeout) { [client, self] in
      try await client.withConnection { connection in try await self.whileLeased { try await body(connection) } }
    }
  }

  /// The connections operations hold now, at most ``PostgresPoolOptions/maximumConnections``.
  public var connectionsInUse: Int { leased.load(ordering: .relaxed) }

  /// Runs `body`, counted in ``connectionsInUse`` meanwhile.
  private func whileLeased<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    leased.add(1, ordering: .relaxed)
    defer { leased.subtract(1, ordering: .relaxed) }
    return try await body()
  }

  /// Runs `body` in a transaction (`BEGIN` … `COMMIT`, rolled back when it throws), within the
  /// operation timeout.
  public func withTransaction<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws(PostgresDatabaseError) -> Result {
    try await withTransaction(timeout: options.operationTimeout, body)
  }

  /// `failsFast` false waits the whole `timeout` even for an unreachable server (migrations at start-up, which may
  /// come before the server is up).
  func withTransaction<Result: Sendable>(
    timeout: Duration, failsFast: Bool = true, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws(PostgresDatabaseError) -> Result {
    try await withinDeadline(timeout, failsFast: failsFast) { [client, logger, self] in
      try await client.withConnection { connection in
        try await self.whileLeased {
          try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        }
      }
    }
  }

  /// Runs `SELECT 1` on a pooled connection: whether the database answers now.
  public func ping() async throws(PostgresDatabaseError) {
    try await withConnection { [logger] connection in
      _ = try await connection.query("SELECT 1", logger: logger).collect()
    }
  }

  /// Stops the pool: operations in flight fail and later ones throw ``PostgresDatabaseError/closed``.
  /// Closing again does nothing.
  public func close() {
    guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    reachability.close()
    runTask.cancel()
  }

  /// Returns once the pool has closed its connections (after ``close()``).
  public func waitUntilClosed() async {
    await runTask.value
  }

  /// Runs `operation`, throwing `unavailable` if it has not finished after `timeout`, or (with `failsFast`) once
  /// the server is found unreachable.
  ///
  /// The operation is cancelled at the deadline: a wait for a connection ends at once; a statement
  /// already sent ends when the server's `statement_timeout` (the same duration) cancels it.
  private func withinDeadline<Result: Sendable>(
    _ timeout: Duration, failsFast: Bool = true, _ operation: @escaping @Sendable () async throws -> Result
  ) async throws(PostgresDatabaseError) -> Result {
    guard !isClosed.load(ordering: .acquiring) else { throw .closed }
    let retryInterval = options.reachabilityRetryInterval
    if failsFast, let reason = reachability.unreachableReason { throw Self.unreachable(reason, retry: retryInterval) }
    let checkDelay = failsFast ? options.reachabilityCheckDelay : timeout
    do {
      return try await withThrowingTaskGroup(of: Result?.self) { [clock, reachability] group in
        group.addTask { try await operation() }
        group.addTask {
          if checkDelay < timeout {
            try await clock.sleep(for: checkDelay)
            var reason: String?
            // The probe's time counts towards the timeout.
            let probing = await clock.measure { reason = await reachability.check() }
            if let reason { throw Self.unreachable(reason, retry: retryInterval) }
            try await clock.sleep(for: timeout - checkDelay - probing)
          } else {
            try await clock.sleep(for: timeout)
          }
          return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else {
          throw PostgresDatabaseError.unavailable("no answer within \(Self.seconds(timeout))")
        }
        return result
      }
    } catch {
      if isClosed.load(ordering: .acquiring) { throw .closed }
      throw Self.translate(error)
    }
  }

  private static func configuration(
    _ url: PostgresURL, _ options: PostgresPoolOptions
  ) -> PostgresClient.Configuration {
    let tls: PostgresClient.Configuration.TLS =
      switch url.sslMode {
      case .disable: .disable
      // `prefer` is opportunistic, as in libpq: encrypted when the server offers it, certificate unchecked
      // (a self-signed server must not become unreachable). `require` checks the certificate against the
      // system's CAs and the host name: stricter than libpq's `require`, which checks nothing.
      case .prefer: .prefer(Self.unverifiedTLS)
      case .require: .require(.makeClientConfiguration())
      }
    var configuration = PostgresClient.Configuration(
      host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls)
    configuration.options.maximumConnections = options.maximumConnections
    configuration.options.connectTimeout = options.connectTimeout
    configuration.options.connectionIdleTimeout = options.idleTimeout
    configuration.options.additionalStartupParameters = [
      ("statement_timeout", "\(options.statementTimeoutMilliseconds)"),
      ("application_name", "octoreact"),
    ]
    return configuration
  }

  static var unverifiedTLS: TLSConfiguration {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification = .none
    return configuration
  }

  /// The error of an operation refused because the server was found unreachable.
  private static func unreachable(_ reason: String, retry: Duration) -> PostgresDatabaseError {
    .unavailable("the server is unreachable (\(reason)); probed again every \(seconds(retry))")
  }

  static func seconds(_ duration: Duration) -> String {
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }
}
