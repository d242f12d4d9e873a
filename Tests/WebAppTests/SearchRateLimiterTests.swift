import Foundation
import Testing
@testable import WebApp

/// The fixed-window counting behind the search rate limit.
struct SearchRateLimiterTests {
  let start = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func allowsTheLimitThenRefusesUntilTheWindowEnds() {
    let limiter = SearchRateLimiter(limit: 3)
    let decisions = (0..<4).map { limiter.take(client: "a", now: start.addingTimeInterval(Double($0))) }
    #expect(decisions.map(\.isAllowed) == [true, true, true, false])
    #expect(decisions.map(\.remaining) == [2, 1, 0, 0])
    #expect(Set(decisions.map(\.reset)) == [1_700_000_060])
    #expect(limiter.take(client: "a", now: start.addingTimeInterval(60)).isAllowed)
  }

  @Test func countsEachClientApart() {
    let limiter = SearchRateLimiter(limit: 1)
    #expect(limiter.take(client: "a", now: start).isAllowed)
    #expect(!limiter.take(client: "a", now: start).isAllowed)
    #expect(limiter.take(client: "b", now: start).isAllowed)
  }
}
