import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with WebSocket upgrade, plus `ConnectionLimits` on every connection,
/// each client kept to its share (`ClientConnectionShares`), and every connection registered in
/// `OpenConnections`, to be closed if the shutdown grace runs out.
///
/// **Contract:** `setup` lets Hummingbird build its pipeline, then puts a `ConnectionGuardHandler` right
/// after the upgrade handler and a `WriteDeadlineHandler` first (which stays after an upgrade).
struct GuardedUpgradeChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let base: HTTP1WebSocketUpgradeChannel
  let limits: ConnectionLimits
  let bodyRule: RequestBodyRule
  let shares: ClientConnectionShares
  let connections: OpenConnections
  /// The application's logger with only critical lines passing: Hummingbird logs an error for every
  /// connection closed before its first request, which any client can cause at will. Routes and WebSocket
  /// handlers log through their own. Made once, as a copy per connection would box its handler anew.
  let connectionLogger: Logger

  /// A connection from a client that already has its share open.
  struct OverShare: Error {}

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let admission = shares.admit(channel.remoteAddress)
    guard admission != .refused else {
      // Closed here: NIO leaves a child whose initializer failed open, unread, until its peer goes.
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(OverShare())
    }
    connections.add(channel) { [shares] in shares.close(admission) }
    return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(limits: limits, bodyRule: bodyRule))
      try channel.pipeline.syncOperations.addHandler(
        WriteDeadlineHandler(timeout: limits.writeTimeout), position: .first)
      return value
    }
  }

  func handle(value: Value, logger _: Logger) async {
    await base.handle(value: value, logger: connectionLogger)
  }
}

extension HTTPServerBuilder {
  /// HTTP/1 with WebSocket upgrade through `webSocketRouter`, as a `GuardedUpgradeChannel`.
  static func guardedWebSocketUpgrade(
    webSocketRouter: Router<AppRequestContext>,
    configuration: HTTP1WebSocketUpgradeChannel.Configuration,
    limits: ConnectionLimits,
    bodyRule: RequestBodyRule,
    shares: ClientConnectionShares,
    connections: OpenConnections,
    logger: Logger
  ) -> HTTPServerBuilder {
    let webSocketResponder = webSocketRouter.buildResponder()
    var quieter = logger
    quieter.logLevel = max(logger.logLevel, .critical)
    let connectionLogger = quieter
    return HTTPServerBuilder { responder in
      GuardedUpgradeChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
        limits: limits, bodyRule: bodyRule, shares: shares, connections: connections,
        connectionLogger: connectionLogger
      )
    }
  }
}
