public import Hummingbird
public import HummingbirdWebSocket
public import NIOCore

/// The request context of every Octoreact route: Hummingbird's WebSocket context plus the client's
/// address, which the search rate limit counts requests by (as GitHub counts by user or address).
public struct AppRequestContext: RequestContext, WebSocketRequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let webSocket: WebSocketHandlerReference<Self>
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    remoteAddress = source.channel.remoteAddress
  }
}
