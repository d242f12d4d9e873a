/// Time since a start, as the `Duration` the limit counters take. It opens the `any Clock<Duration>`
/// once, so callers need not be generic over the clock; tests give it a `TestClock`.
struct Stopwatch: Sendable {
  private let started: any StartedClock

  init(clock: any Clock<Duration>) {
    started = Self.start(clock)
  }

  private static func start<C: Clock<Duration>>(_ clock: C) -> any StartedClock { Started(clock) }

  var elapsed: Duration { started.elapsed }

  /// The deadline is absolute, so a sleeper that starts late still wakes when a test clock reaches it.
  func sleep(untilElapsed elapsed: Duration) async throws {
    // A test clock suspends a sleeper whose deadline is now; a deadline reached needs no sleep.
    guard started.elapsed < elapsed else { return }
    try await started.sleep(untilElapsed: elapsed)
  }
}

private protocol StartedClock: Sendable {
  var elapsed: Duration { get }
  func sleep(untilElapsed elapsed: Duration) async throws
}

/// A clock and the instant the stopwatch started, in one object: a live page holds one per stopwatch.
private final class Started<C: Clock<Duration>>: StartedClock {
  let clock: C
  let origin: C.Instant

  init(_ clock: C) {
    self.clock = clock
    origin = clock.now
  }

  var elapsed: Duration { origin.duration(to: clock.now) }

  func sleep(untilElapsed elapsed: Duration) async throws {
    try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil)
  }
}
