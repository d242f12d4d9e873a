import NIOCore

/// Closes a connection whose writes have waited on back-pressure for longer than
/// `ConnectionLimits.writeTimeout`: a client that stops reading cannot hold a connection, and the
/// response or WebSocket messages queued for it, forever.
///
/// **Contract:** the storage of a `WriteDeadlineStateMachine`, confined to the channel's event loop
/// (NIO calls a handler only there), which serialises the machine. It sits first in the pipeline and,
/// unlike `ConnectionGuardHandler`, stays there after a WebSocket upgrade, so it covers HTTP responses,
/// live pages' messages and their closing frames alike. NIO reports the channel unwritable once more
/// than its high-water mark (64 KiB) waits beyond what the kernel accepted; less than that is covered
/// by the idle deadline (HTTP) or the live idle deadline (WebSocket).
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
