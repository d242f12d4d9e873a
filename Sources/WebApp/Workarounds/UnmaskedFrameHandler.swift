// Works around: swift-websocket 1.6.2 (WSCore's `WebSocketHandler`) and swift-nio 2.101 (NIOWebSocket's
// `WebSocketFrameDecoder`) accept a client's frame without a mask, which RFC 6455 (section 5.1) says a
// server must answer by closing the connection. Drop it when swift-websocket refuses unmasked client
// frames itself: `WebSocketFrameRulesTests` then passes without it.

import NIOCore
import NIOWebSocket

/// Closes a WebSocket with 1002 (protocol error) on a client frame without a mask, before the frame
/// reaches the live route. Placed right after NIO's frame decoder on upgrade (`ConnectionGuardHandler`).
final class UnmaskedFrameHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private var closing = false

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    let frame = unwrapInboundIn(data)
    guard frame.maskKey == nil else {
      context.fireChannelRead(data)
      return
    }
    closing = true
    var reason = context.channel.allocator.buffer(capacity: 2)
    reason.write(webSocketErrorCode: .protocolError)
    let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: reason)
    context.writeAndFlush(wrapOutboundOut(close)).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }
}

@available(*, unavailable)
extension UnmaskedFrameHandler: Sendable {}
