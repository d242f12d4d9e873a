// Works around: swift-nio 2.101.3 (`ServerBootstrap`'s accept loop with `AcceptBackoffHandler`): when the
// first `accept` of a read fails for want of descriptors, NIO keeps the read pending, the queued connection
// keeps the socket readable, and the event loop calls `accept` again at once, spinning one core until a
// descriptor frees up. Drop it when NIO backs off on that path itself: `DescriptorExhaustionTests` then
// passes without it (its CPU check fails with it removed).

import Logging
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the listening socket from spinning when `accept` fails for want of descriptors or memory: turns
/// `autoRead` off, which unregisters the socket, and back on after a backoff (`AcceptPauseStateMachine`).
/// Queued connections wait in the kernel's backlog meanwhile; open ones keep being served.
///
/// **Contract:** first in the listening channel's pipeline, so it sees the accept error before anything
/// else; confined to that channel's event loop, which serialises its machine.
final class AcceptPauseHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel

  private var machine = AcceptPauseStateMachine<MonotonicInstant>()
  private let logger: Logger
  private var resumeTimer = ChannelTimer()

  init(logger: Logger) {
    self.logger = logger
  }

  static func install(on serverChannel: any Channel, logger: Logger) async {
    try? await serverChannel.eventLoop.submit {
      try serverChannel.pipeline.syncOperations.addHandler(AcceptPauseHandler(logger: logger), position: .first)
    }.get()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    machine.accepted()
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    if let error = error as? IOError, Self.isResourceShortage(error.errnoCode) {
      perform(machine.acceptFailed(at: .now(on: context.eventLoop)), context, errno: error.errnoCode)
    }
    context.fireErrorCaught(error)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    resumeTimer.cancel()
  }

  private func perform(
    _ action: AcceptPauseStateMachine<MonotonicInstant>.Action, _ context: ChannelHandlerContext,
    errno: CInt = 0
  ) {
    switch action {
    case .none:
      break
    case .pause(let until, let log):
      if log {
        logger.warning(
          "Cannot accept connections (out of descriptors or memory): pausing accepts",
          metadata: ["errno": "\(errno)", "failures": "\(machine.failuresSinceLog)"])
        machine.logged()
      }
      try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
      resumeTimer.schedule(at: until, context) { self.perform(self.machine.resumeTimerFired(), context) }
    case .resume:
      try? context.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
    }
  }

  /// `accept` errors that say the process or system is short of something, not that the peer misbehaved.
  static func isResourceShortage(_ code: CInt) -> Bool {
    [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code)
  }
}

@available(*, unavailable)
extension AcceptPauseHandler: Sendable {}
