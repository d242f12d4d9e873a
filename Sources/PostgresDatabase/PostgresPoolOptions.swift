/// The limits and timeouts of a ``PostgresPool``'s connection pool.
///
/// **Limits:** at most ``maximumConnections`` connections per process (PostgreSQL's own
/// `max_connections`, 100 by default, is shared by every server: three servers at 10 each leave room for
/// the operator). An operation waits at most ``operationTimeout`` for a connection and its statement
/// (the server cancels a statement running longer, by `statement_timeout`), then fails as unavailable.
///
/// **Failing fast:** an operation still waiting after ``reachabilityCheckDelay`` has the server probed (one
/// probe at a time, on a connection of its own, within ``reachabilityProbeTimeout``). When the probe is refused
/// (the connection, the login or the database), that operation and every later one fail as unavailable at once,
/// until a probe every ``reachabilityRetryInterval`` finds the server again: a request needing a stopped
/// database is answered within the delay plus the probe, not after ``operationTimeout``. A probe without an
/// answer in time proves nothing (a loaded server is slow to start a backend), so a server that drops packets
/// is still waited for up to ``operationTimeout``.
public struct PostgresPoolOptions: Sendable, Hashable {
  /// The most connections open at once.
  public var maximumConnections: Int
  /// How long opening one connection (TCP, TLS, authentication) may take.
  public var connectTimeout: Duration
  /// How long an unused connection stays open.
  public var idleTimeout: Duration
  /// How long one operation may wait for a connection plus run its statements.
  public var operationTimeout: Duration
  /// How long an operation waits before the server is probed.
  public var reachabilityCheckDelay: Duration
  /// How long a probe may take to connect and answer `SELECT 1`.
  public var reachabilityProbeTimeout: Duration
  /// How often an unreachable server is probed again.
  public var reachabilityRetryInterval: Duration

  public init(
    maximumConnections: Int = 10, connectTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(60),
    operationTimeout: Duration = .seconds(5), reachabilityCheckDelay: Duration = .milliseconds(250),
    reachabilityProbeTimeout: Duration = .milliseconds(500), reachabilityRetryInterval: Duration = .seconds(1)
  ) {
    precondition(maximumConnections >= 1, "a pool needs at least one connection")
    precondition(connectTimeout > .zero && idleTimeout > .zero && operationTimeout > .zero, "timeouts must be positive")
    precondition(
      reachabilityCheckDelay > .zero && reachabilityProbeTimeout > .zero && reachabilityRetryInterval > .zero,
      "reachability durations must be positive")
    self.reachabilityCheckDelay = reachabilityCheckDelay
    self.reachabilityProbeTimeout = reachabilityProbeTimeout
    self.reachabilityRetryInterval = reachabilityRetryInterval
    self.maximumConnections = maximumConnections
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.operationTimeout = operationTimeout
  }

  /// The defaults: 10 connections, 5 s to connect, 60 s idle, 5 s per operation; a probe after 250 ms of
  /// waiting, within 500 ms, and every second while the server is unreachable.
  public static var standard: Self { Self() }

  /// `statement_timeout` for the server, in milliseconds.
  var statementTimeoutMilliseconds: Int64 {
    let (seconds, attoseconds) = operationTimeout.components
    return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}
