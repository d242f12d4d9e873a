import Clocks
import OctoreactTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestClockElapsedTests {
  @Test func advanceInStepsMovesTheClockByTheTotal() async {
    let clock = TestClock()

    await clock.advance(by: .milliseconds(250), inStepsOf: .milliseconds(100))

    #expect(clock.now == TestClock<Duration>.Instant(offset: .milliseconds(250)))
  }

  @Test func sleeperDueWithinTheTotalWakes() async throws {
    let clock = TestClock()
    let (sleeping, isSleeping) = AsyncStream.makeStream(of: Void.self)
    var sleepers = sleeping.makeAsyncIterator()
    let sleeper = Task {
      isSleeping.yield()
      try await clock.sleep(for: .milliseconds(250))
    }
    await sleepers.next()
    while !Task.isCancelled, (try? await clock.checkSuspension()) != nil {}  // until the sleeper sleeps on the clock

    await clock.advance(by: .milliseconds(500), inStepsOf: .milliseconds(100))

    try await sleeper.value
    try await clock.checkSuspension()
    #expect(clock.now == TestClock<Duration>.Instant(offset: .milliseconds(500)))
  }
}
