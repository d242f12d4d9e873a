import Testing
@testable import WebApp

/// The live pages' message rate: a burst at once, then a sustained rate, in plain numbers of time.
struct TokenBucketTests {
  /// Which of the events at `times` the bucket allows, in order.
  func allowed(_ limit: TokenBucketLimit, at times: [Duration]) -> [Bool] {
    var bucket = TokenBucket(limit)
    return times.map { bucket.take(at: $0) }
  }

  @Test func aBurstIsAllowedAtOnceAndTheNextEventIsNot() {
    let times: [Duration] = [.zero, .zero, .zero, .zero, .milliseconds(99), .milliseconds(100)]
    #expect(allowed(TokenBucketLimit(burst: 3, perSecond: 10), at: times) == [true, true, true, false, false, true])
  }

  @Test func theSustainedRateIsAllowedForever() {
    let steady = (0..<1_000).map { Duration.milliseconds(50 * $0) }
    let results = allowed(TokenBucketLimit(burst: 1, perSecond: 20), at: steady + [.milliseconds(50 * 999 + 10)])
    #expect(results.dropLast().allSatisfy { $0 })
    #expect(results.last == false)
  }

  @Test func aQuietSpellRefillsNoMoreThanTheBurst() {
    let later = Array(repeating: Duration.seconds(3_600), count: 6)
    #expect(allowed(TokenBucketLimit(burst: 5, perSecond: 10), at: later) == [true, true, true, true, true, false])
  }

  @Test func refusedEventsTakeNothing() {
    let times: [Duration] = [.zero, .zero] + Array(repeating: .milliseconds(500), count: 100) + [.seconds(1)]
    let results = allowed(TokenBucketLimit(burst: 2, perSecond: 1), at: times)
    #expect(results.prefix(2).allSatisfy { $0 })
    #expect(results.dropFirst(2).dropLast().allSatisfy { !$0 })
    #expect(results.last == true)
  }
}
