import NIOCore

/// The storage of a `WriteDeadlineStateMachine`, confined to the channel's event loop. It sits first in
/// the pipeline and stays after a WebSocket upgrade, so it covers HTTP responses and live messages alike.
/// NIO reports the channel unwritable once more than its high-water mark (64 KiB) waits; less than that
/// is covered by the idle deadlines.
final class WriteDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var machine: WriteDeadlineStateMachine<MonotonicInstant>
  private var timer: Scheduled<Void>?

  init(timeout: Duration) {
    machine = WriteDeadlineStateMachine(timeout: timeout)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if !context.channel.isWritable {
      perform(machine.writabilityChanged(isWritable: false, at: MonotonicInstant.now()), context)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancelTimer()
  }

  func channelInactive(context: ChannelHandlerContext) {
    cancelTimer()
    context.fireChannelInactive()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    perform(machine.writabilityChanged(isWritable: context.channel.isWritable, at: MonotonicInstant.now()), context)
    context.fireChannelWritabilityChanged()
  }

  private func perform(
    _ action: WriteDeadlineStateMachine<MonotonicInstant>.Action, _ context: ChannelHandlerContext
  ) {
    switch action {
    case .none:
      break
    case .scheduleTimer(let instant):
      timer?.cancel()
      timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: instant.deadline) {
        self.timer = nil
        self.perform(self.machine.timerFired(at: MonotonicInstant.now()), context)
      }
    case .cancelTimer:
      cancelTimer()
    case .close:
      cancelTimer()
      // Pending writes fail and the socket is closed at once; nothing waits on the peer.
      context.close(promise: nil)
    }
  }

  private func cancelTimer() {
    timer?.cancel()
    timer = nil
  }
}

@available(*, unavailable)
extension WriteDeadlineHandler: Sendable {}
