import NIOCore

/// The one timer of a channel handler, on its channel's event loop; the handler reads the time from the same loop
/// (``MonotonicInstant/now(on:)``), so on an `EmbeddedChannel` its deadlines run in virtual time.
///
/// A NIO scheduled callback whose handler is made on first use and reused: arming it allocates no promise
/// and no task, which an idle live page would otherwise hold for as long as it stays.
///
/// **Contract:** used only on that event loop. Scheduling replaces the pending timer, so a handler never
/// has two; the handler cancels it when it leaves the pipeline (which a closed channel's handlers all do on
/// the next tick of its loop), which also lets go of `fire` (and so of the handler it captures).
struct ChannelTimer {
  private var callback: Callback?

  mutating func schedule(at instant: MonotonicInstant, _ context: ChannelHandlerContext, _ fire: @escaping () -> Void) {
    let callback = self.callback ?? Callback()
    self.callback = callback
    callback.schedule(at: instant, on: context.eventLoop, fire)
  }

  func cancel() {
    callback?.cancel()
  }

  private final class Callback: NIOScheduledCallbackHandler {
    private var pending: NIOScheduledCallback?
    private var fire: (() -> Void)?

    func schedule(at instant: MonotonicInstant, on loop: any EventLoop, _ fire: @escaping () -> Void) {
      pending?.cancel()
      self.fire = fire
      // Throws only when the event loop is shutting down, and its channels with it.
      pending = try? loop.assumeIsolated().scheduleCallback(at: instant.deadline, handler: self)
    }

    func cancel() {
      pending?.cancel()
      pending = nil
      fire = nil
    }

    func handleScheduledCallback(eventLoop _: some EventLoop) {
      let fire = self.fire
      pending = nil
      self.fire = nil
      fire?()
    }
  }
}
