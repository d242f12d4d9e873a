public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore

/// The request context of every route: Hummingbird's WebSocket context plus the peer's address, which
/// the rate limits count by.
public struct AppRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let remoteAddress: SocketAddress?
  /// The connection's event loop, where a live page's task runs (``EventLoopTaskExecutor``).
  let eventLoop: any EventLoop
  /// Released when the connection closes: see ``WebSocketHandlerSlot`` for the cycle it breaks.
  let webSocketSlot: WebSocketHandlerSlot

  public var webSocket: WebSocketHandlerReference<Self> { webSocketSlot.handlerReference(for: Self.self) }

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    eventLoop = source.channel.eventLoop
    webSocketSlot = WebSocketHandlerSlot(closeFuture: source.channel.closeFuture)
  }
}
