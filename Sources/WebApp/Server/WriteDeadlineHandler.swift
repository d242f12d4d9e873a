import NIOCore

/// The storage of a `WriteDeadlineStateMachine`, confined to the channel's event loop. It sits first in the pipeline
/// and stays after a WebSocket upgrade, so it covers HTTP responses and live messages alike. NIO reports the channel
/// unwritable once more than its high-water mark (64 KiB) waits; less than that is covered by the idle deadlines.
final class WriteDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var machine: WriteDeadlineStateMachine<MonotonicInstant>
  private var timer = ChannelTimer()

  init(timeout: Duration) {
    machine = WriteDeadlineStateMachine(timeout: timeout)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if !context.channel.isWritable {
      perform(machine.writabilityChanged(isWritable: false, at: .now(on: context.eventLoop)), context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer.cancel()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    let isWritable = context.channel.isWritable
    perform(machine.writabilityChanged(isWritable: isWritable, at: .now(on: context.eventLoop)), context)
    context.fireChannelWritabilityChanged()
  }

  private func perform(
    _ action: WriteDeadlineStateMachine<MonotonicInstant>.Action, _ context: ChannelHandlerContext
  ) {
    switch action {
    case .none:
      break
    case .scheduleTimer(let instant):
      timer.schedule(at: instant, context) {
        self.perform(self.machine.timerFired(at: .now(on: context.eventLoop)), context)
      }
    case .cancelTimer:
      timer.cancel()
    case .close:
      timer.cancel()
      // Pending writes fail and the socket is closed at once; nothing waits on the peer.
      context.close(promise: nil)
    }
  }
}

@available(*, unavailable)
extension WriteDeadlineHandler: Sendable {}
