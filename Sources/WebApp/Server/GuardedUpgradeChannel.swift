import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with WebSocket upgrade, plus `ConnectionLimits` on every connection,
/// each client kept to its share (`ClientConnectionShares`), and a close on cancellation.
///
/// **Contract:** `setup` lets Hummingbird build its pipeline, then puts a `ConnectionGuardHandler` right
/// after the upgrade handler and a `WriteDeadlineHandler` first (which stays after an upgrade). `handle`
/// closes the channel when cancelled: Hummingbird waits for the first request on an `EventLoopFuture`,
/// which cancellation does not end, so one client holding half a head would keep the process from
/// finishing after SIGTERM.
struct GuardedUpgradeChannel: ServerChildChannel {
  typealias Value = HTTP1WebSocketUpgradeChannel.Value

  let base: HTTP1WebSocketUpgradeChannel
  let limits: ConnectionLimits
  let bodyRule: RequestBodyRule
  let shares: ClientConnectionShares

  /// A connection from a client that already has its share open.
  struct OverShare: Error {}

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let limits = self.limits
    let bodyRule = self.bodyRule
    let admission = shares.admit(channel.remoteAddress)
    guard admission != .refused else {
      // Closed here: NIO leaves a child whose initializer failed open, unread, until its peer goes.
      channel.close(promise: nil)
      return channel.eventLoop.makeFailedFuture(OverShare())
    }
    channel.closeFuture.whenComplete { [shares] _ in shares.close(admission) }
    return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(limits: limits, bodyRule: bodyRule))
      try channel.pipeline.syncOperations.addHandler(
        WriteDeadlineHandler(timeout: limits.writeTimeout), position: .first)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    // Hummingbird logs an error for every connection closed before its first request, which any client
    // can cause at will, so only critical lines pass. Routes and WebSocket handlers log through their own.
    var connectionLogger = logger
    connectionLogger.logLevel = max(logger.logLevel, .critical)
    await withTaskCancellationHandler {
      await base.handle(value: value, logger: connectionLogger)
    } onCancel: {
      value.channel.close(promise: nil)
    }
  }
}

extension HTTPServerBuilder {
  /// HTTP/1 with WebSocket upgrade through `webSocketRouter`, as a `GuardedUpgradeChannel`.
  static func guardedWebSocketUpgrade(
    webSocketRouter: Router<AppRequestContext>,
    configuration: HTTP1WebSocketUpgradeChannel.Configuration,
    limits: ConnectionLimits,
    bodyRule: RequestBodyRule,
    shares: ClientConnectionShares
  ) -> HTTPServerBuilder {
    let webSocketResponder = webSocketRouter.buildResponder()
    return HTTPServerBuilder { responder in
      GuardedUpgradeChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
        limits: limits, bodyRule: bodyRule, shares: shares
      )
    }
  }
}
