import NIOCore
import NIOWebSocket

/// The storage of a ``SilenceDeadline``: closes a silent live page's WebSocket with 1000 and a reason.
/// Placed after NIO's frame decoder on upgrade; passes every frame on.
final class WebSocketIdleHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  /// Opened when the handler is added, on its event loop's clock (``ChannelTimer``).
  private var deadline: SilenceDeadline<MonotonicInstant>
  private var timer = ChannelTimer()

  init(timeout: Duration) {
    deadline = SilenceDeadline(timeout: timeout, opened: MonotonicInstant(uptimeNanoseconds: 0))
  }

  func handlerAdded(context: ChannelHandlerContext) {
    deadline.heard(at: .now(on: context.eventLoop))
    timer.schedule(at: deadline.due, context) { self.timerFired(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data).opcode {
    case .text, .binary, .continuation: deadline.heard(at: .now(on: context.eventLoop))
    default: break
    }
    context.fireChannelRead(data)
  }

  private func timerFired(_ context: ChannelHandlerContext) {
    if let next = deadline.nextCheck(at: .now(on: context.eventLoop)) {
      timer.schedule(at: next, context) { self.timerFired(context) }
      return
    }
    var data = context.channel.allocator.buffer(capacity: 64)
    data.write(webSocketErrorCode: .normalClosure)
    data.writeString("No message for \(deadline.timeout.components.seconds) seconds")
    let close = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
    context.writeAndFlush(wrapOutboundOut(close)).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }
}

@available(*, unavailable)
extension WebSocketIdleHandler: Sendable {}
