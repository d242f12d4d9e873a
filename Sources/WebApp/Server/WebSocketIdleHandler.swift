import NIOCore
import NIOWebSocket

/// Closes a live page's WebSocket when the page sends no message for its ``ConnectionLimits/liveIdleTimeout``,
/// with 1000 and a reason: the storage of a ``SilenceDeadline``.
///
/// Pings and pongs do not count: a client library answers pings by itself, so they would keep any
/// silent socket open forever. The live pages' script sends a keep-alive message every minute, which
/// does count (``ConnectionLimits/liveKeepAliveInterval``).
///
/// **Contract:** placed after NIO's frame decoder once the connection is upgraded; it sees every frame
/// and passes every one on. Confined to the channel's event loop, like every handler: no lock.
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
