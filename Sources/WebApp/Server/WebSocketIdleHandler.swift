import NIOCore
import NIOWebSocket

/// The storage of a ``SilenceDeadline``: closes a silent live page's WebSocket with 1000 and a reason.
/// Placed after NIO's frame decoder on upgrade; passes every frame on.
final class WebSocketIdleHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  private var deadline: SilenceDeadline<MonotonicInstant>
  private var timer: Scheduled<Void>?

  init(timeout: Duration) {
    deadline = SilenceDeadline(timeout: timeout, opened: MonotonicInstant.now())
  }

  func handlerAdded(context: ChannelHandlerContext) {
    schedule(at: deadline.due, context)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data).opcode {
    case .text, .binary, .continuation: deadline.heard(at: MonotonicInstant.now())
    default: break
    }
    context.fireChannelRead(data)
  }

  private func schedule(at instant: MonotonicInstant, _ context: ChannelHandlerContext) {
    timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: instant.deadline) {
      self.timerFired(context)
    }
  }

  private func timerFired(_ context: ChannelHandlerContext) {
    timer = nil
    if let next = deadline.nextCheck(at: MonotonicInstant.now()) {
      schedule(at: next, context)
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
