import Testing
@testable import WebApp

/// The fixed window every limit counts with: so many events, then the rest counted as over.
struct FixedWindowCounterTests {
  let limit = WindowLimit(3, per: .seconds(10))

  @Test func eventsUpToTheLimitAreAllowedThenCountedAsOver() {
    var counter = FixedWindowCounter(limit)
    let counts = (0..<5).map { _ in counter.count(at: .seconds(1)) }
    #expect(counts.map(\.isAllowed) == [true, true, true, false, false])
    #expect(counts.map(\.isFirstOverLimit) == [false, false, false, true, false])
    #expect(counter.overLimit == 2)
  }

  @Test func theWindowStartsAtTheFirstEventAndANewOneReportsTheOldOnesOverflow() {
    var counter = FixedWindowCounter(limit)
    for _ in 0..<5 { _ = counter.count(at: .seconds(4)) }
    #expect(counter.windowEnd == .seconds(14))
    #expect(counter.count(at: .milliseconds(13_999)).isAllowed == false)
    let next = counter.count(at: .seconds(14))
    #expect(next == .init(isAllowed: true, isFirstOverLimit: false, overLimitInEndedWindow: 3))
    #expect(counter.windowEnd == .seconds(24))
  }

  @Test func theOverflowIsTakenOnlyOnceTheWindowHasEnded() {
    var counter = FixedWindowCounter(limit)
    for _ in 0..<4 { _ = counter.count(at: .zero) }
    #expect(counter.takeOverLimitIfEnded(at: .seconds(9)) == 0)
    #expect(counter.takeOverLimitIfEnded(at: .seconds(10)) == 1)
    #expect(counter.takeOverLimitIfEnded(at: .seconds(11)) == 0)
    // Taken: the next window does not report it again.
    #expect(counter.count(at: .seconds(12)).overLimitInEndedWindow == 0)
  }

  @Test func describesItselfForMessages() {
    #expect("\(WindowLimit(20, per: .seconds(60)))" == "20 per 60 seconds")
    #expect("\(WindowLimit(1, per: .seconds(1)))" == "1 per second")
  }
}
