/// Time since a start, as the `Duration` the limit counters take. It opens the `any Clock<Duration>`
/// once, so callers need not be generic over the clock; tests give it a `TestClock`.
struct Stopwatch: Sendable {
  private let read: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void

  init(clock: any Clock<Duration>) {
    (read, sleepUntil) = Self.start(clock)
  }

  private static func start<C: Clock<Duration>>(_ clock: C)
    -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void)
  {
    let origin = clock.now
    return (
      { origin.duration(to: clock.now) },
      { elapsed in try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil) }
    )
  }

  var elapsed: Duration { read() }

  /// The deadline is absolute, so a sleeper that starts late still wakes when a test clock reaches it.
  func sleep(untilElapsed elapsed: Duration) async throws {
    // A test clock suspends a sleeper whose deadline is now; a deadline reached needs no sleep.
    guard read() < elapsed else { return }
    try await sleepUntil(elapsed)
  }
}
