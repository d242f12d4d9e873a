/// The rule of a live page's idle timeout, as a pure value: a socket whose page sends no message for
/// `timeout` is closed, whatever pings and pongs keep it alive below.
///
/// **Contract:** fed the instant of every message the page sends (`heard(at:)`); asked, when its timer
/// fires, for the next instant to check at (`nextCheck(at:)`), or `nil` once the silence has lasted the
/// timeout. It arms no timer itself: `WebSocketIdleHandler` does, on the channel's event loop. One timer
/// per `timeout` at most, not one per message: a message only moves the instant the next check compares with.
struct SilenceDeadline<Instant: InstantProtocol> where Instant.Duration == Duration {
  let timeout: Duration
  private(set) var lastHeard: Instant

  /// A deadline for a socket opened at `opened`, which counts as heard from then.
  init(timeout: Duration, opened: Instant) {
    self.timeout = timeout
    self.lastHeard = opened
  }

  /// The instant the silence ends the socket, unless the page is heard from before.
  var due: Instant { lastHeard.advanced(by: timeout) }

  mutating func heard(at now: Instant) {
    lastHeard = now
  }

  /// Where to check next when the timer fires at `now`; `nil` when the socket has been silent long enough.
  func nextCheck(at now: Instant) -> Instant? {
    now >= due ? nil : due
  }
}
