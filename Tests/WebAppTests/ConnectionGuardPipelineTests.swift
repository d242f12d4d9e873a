import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import WebApp

/// The pipeline `GuardedUpgradeChannel` builds: the guard replaces Hummingbird's own connection handler.
@Suite struct ConnectionGuardPipelineTests {
  @Test func theGuardRemovesHummingbirdsConnectionStateHandlerAtTheFirstRequest() throws {
    let channel = EmbeddedChannel()
    let upgradeChannel = GuardedUpgradeChannel(
      base: HTTP1WebSocketUpgradeChannel(
        responder: { _, _, _ in },
        configuration: .init(),
        shouldUpgrade: { _, _, _ -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> in
          .dontUpgrade
        }
      ),
      limits: ConnectionLimits(), bodyRule: RequestBodyRule(maxBytes: 16 * 1024),
      shares: ClientConnectionShares(share: nil, trustedProxies: .none), connections: OpenConnections(),
      connectionLogger: Logger(label: "test")
    )
    _ = try upgradeChannel.setup(channel: channel, logger: Logger(label: "test")).wait()
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    let pipeline = channel.pipeline.syncOperations

    try channel.writeInbound(ByteBuffer(string: "GET /users/octocat HTTP/1.1\r\nHost: localhost\r\n\r\n"))

    // Hummingbird added its codec with the first head; its state handler, which counts the same requests
    // and responses as the guard, is gone, and the guard stays.
    #expect(throws: (any Error).self) { try pipeline.context(handlerType: HTTPConnectionStateHandler.self) }
    #expect((try? pipeline.context(handlerType: ConnectionGuardHandler.self)) != nil)
    #expect((try? pipeline.context(handlerType: WriteDeadlineHandler.self)) != nil)
    _ = try? channel.finish(acceptAlreadyClosed: true)
  }
}
