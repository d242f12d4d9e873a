import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing
@testable import WebApp

/// What a closed live connection leaves behind on a real server: nothing.
@Suite(.timeLimit(.minutes(1)))
struct LiveConnectionReleaseTests {
  /// The app's controllers, its logger and every live session hold its clock: a canary clock outlives
  /// the app only if something of a closed connection is still alive. hummingbird-websocket 2.8.1
  /// keeps each upgrade's request context in a reference cycle (see `WebSocketHandlerSlot`).
  @Test func closedConnectionsLeaveNothingBehind() async throws {
    weak var canary: CanaryClock?
    do {
      let clock = CanaryClock()
      canary = clock
      try await TestApp().application(clock: clock).test(.live) { client in
        for path in ["/live/signup", "/live/search", "/live/signup?inspect", "/live/search?engine=feedback&inspect"] {
          try await client.ws(path) { inbound, _, _ in
            for try await _ in inbound.messages(maxSize: 1 << 20) { return }
          }
        }
        // An upgrade whose handler fails at once, and a plain GET of a live route.
        _ = try? await client.ws("/live/search?engine=bogus") { _, _, _ in }
        _ = try await client.execute(uri: "/live/signup", method: .get)
      }
    }
    // A closed connection's task ends on its event loop, and may let go of what it held a moment after the
    // server reported it finished: wait for that, within a bound a leak would not meet.
    for _ in 0..<200 where canary != nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(canary == nil)
  }
}

/// A clock that is a class, so a test can see whether anything still holds it.
final class CanaryClock: Clock, Sendable {
  private let base = ContinuousClock()
  var now: ContinuousClock.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
