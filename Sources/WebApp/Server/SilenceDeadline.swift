/// A live page's idle timeout, as a pure value: a socket whose page sends no message for `timeout` is
/// closed, whatever pings and pongs keep it alive below (a client library answers pings by itself).
///
/// A message only moves `lastHeard`, so `WebSocketIdleHandler` arms one timer per `timeout` at most, not
/// one per message.
struct SilenceDeadline<Instant: InstantProtocol> where Instant.Duration == Duration {
  let timeout: Duration
  private(set) var lastHeard: Instant

  init(timeout: Duration, opened: Instant) {
    self.timeout = timeout
    self.lastHeard = opened
  }

  var due: Instant { lastHeard.advanced(by: timeout) }

  mutating func heard(at now: Instant) {
    lastHeard = now
  }

  /// When to check next; `nil` when the socket has been silent long enough.
  func nextCheck(at now: Instant) -> Instant? {
    now >= due ? nil : due
  }
}
