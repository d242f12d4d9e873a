/// The limits and timeouts of a ``PostgresPool``'s connection pool.
///
/// **Limits:** at most ``maximumConnections`` connections per process (PostgreSQL's own
/// `max_connections`, 100 by default, is shared by every server: three servers at 10 each leave room for
/// the operator). An operation waits at most ``operationTimeout`` for a connection and its statement
/// (the server cancels a statement running longer, by `statement_timeout`), then fails as unavailable.
public struct PostgresPoolOptions: Sendable, Hashable {
  /// The most connections open at once.
  public var maximumConnections: Int
  /// How long opening one connection (TCP, TLS, authentication) may take.
  public var connectTimeout: Duration
  /// How long an unused connection stays open.
  public var idleTimeout: Duration
  /// How long one operation may wait for a connection plus run its statements.
  public var operationTimeout: Duration

  public init(
    maximumConnections: Int = 10, connectTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(60),
    operationTimeout: Duration = .seconds(5)
  ) {
    precondition(maximumConnections >= 1, "a pool needs at least one connection")
    precondition(connectTimeout > .zero && idleTimeout > .zero && operationTimeout > .zero, "timeouts must be positive")
    self.maximumConnections = maximumConnections
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.operationTimeout = operationTimeout
  }

  /// The defaults: 10 connections, 5 s to connect, 60 s idle, 5 s per operation.
  public static var standard: Self { Self() }

  /// `statement_timeout` for the server, in milliseconds.
  var statementTimeoutMilliseconds: Int64 {
    let (seconds, attoseconds) = operationTimeout.components
    return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}
