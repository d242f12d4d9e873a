import NIOCore

/// The one timer of a channel handler, on its channel's event loop; the handler reads the time from
/// the same loop (``MonotonicInstant/now(on:)``), so on an `EmbeddedChannel` its deadlines run in
/// virtual time.
///
/// **Contract:** used only on that event loop. Scheduling replaces the pending timer, so a handler never
/// has two; the handler cancels it when it leaves the pipeline or its channel closes.
struct ChannelTimer {
  private var pending: Scheduled<Void>?

  mutating func schedule(at instant: MonotonicInstant, _ context: ChannelHandlerContext, _ fire: @escaping () -> Void) {
    pending?.cancel()
    pending = context.eventLoop.assumeIsolated().scheduleTask(deadline: instant.deadline, fire)
  }

  mutating func cancel() {
    pending?.cancel()
    pending = nil
  }
}
