/// How long an HTTP connection may take over each part of a request, and how many may be open at once.
///
/// **Contract:** every HTTP/1 connection is always under exactly one deadline until it is upgraded to a
/// WebSocket (where the live idle deadline takes over) or while the server itself is producing a response:
///
/// | phase | deadline | starts at |
/// |---|---|---|
/// | waiting for a request | `idleTimeout` | the connection opening, or the last response ending |
/// | reading a request head | `headTimeout` | the first byte of the request (not reset by later bytes) |
/// | reading a request body | `bodyTimeout` | the head being complete (not reset by later bytes) |
///
/// An idle connection is closed silently; a head or body not complete in time gets `408` (when no
/// response has begun) and a close. A live page's WebSocket is closed when its page sends no message
/// for `liveIdleTimeout` (``SilenceDeadline``). On every connection, writes stuck on back-pressure for
/// `writeTimeout` close it (`WriteDeadlineStateMachine`). See `docs/threat_model.md`.
public struct ConnectionLimits: Sendable, Equatable {
  public var idleTimeout: Duration
  public var headTimeout: Duration
  public var bodyTimeout: Duration
  public var writeTimeout: Duration
  public var liveIdleTimeout: Duration
  /// The most connections (HTTP and WebSocket) open at once; further ones wait in the listen backlog.
  public var maxConnections: Int

  /// The most connections by default: room for 10,000 live pages and the requests of their visitors.
  public static let defaultMaxConnections = 16_384

  public init(
    idleTimeout: Duration = .seconds(60),
    headTimeout: Duration = .seconds(10),
    bodyTimeout: Duration = .seconds(30),
    writeTimeout: Duration = .seconds(30),
    liveIdleTimeout: Duration = .seconds(300),
    maxConnections: Int = defaultMaxConnections
  ) {
    self.idleTimeout = idleTimeout
    self.headTimeout = headTimeout
    self.bodyTimeout = bodyTimeout
    self.writeTimeout = writeTimeout
    self.liveIdleTimeout = liveIdleTimeout
    self.maxConnections = maxConnections
  }
}
