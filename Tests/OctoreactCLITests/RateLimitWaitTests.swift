import Foundation
import GitHubClient
import Testing

@testable import octoreact

/// How long `index sync` waits out a rate limit, and when it gives up instead.
@Suite("Rate limit wait")
struct RateLimitWaitTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func waitsUntilTheResetRoundedUpToTheSecond() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(41.3), retryAfter: nil)
    #expect(RateLimitWait.decide(after: error, refusals: 1, now: now) == .wait(.seconds(42)))
  }

  @Test func waitsAsLongAsRetryAfterSays() {
    let error = GitHubClientError.rateLimited(resetAt: nil, retryAfter: .seconds(30))
    #expect(RateLimitWait.decide(after: error, refusals: 1, now: now) == .wait(.seconds(30)))
  }

  @Test func waitsAMinuteWhenTheServerDoesNotSay() {
    let error = GitHubClientError.rateLimited(resetAt: nil, retryAfter: nil)
    #expect(RateLimitWait.decide(after: error, refusals: 1, now: now) == .wait(.seconds(60)))
  }

  @Test func aResetAlreadyPastStillWaitsASecond() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(-5), retryAfter: nil)
    #expect(RateLimitWait.decide(after: error, refusals: 1, now: now) == .wait(.seconds(1)))
  }

  @Test func aWaitLongerThanAnHourEndsTheSync() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(7200), retryAfter: nil)
    #expect(RateLimitWait.decide(after: error, refusals: 1, now: now) == .tooLong(.seconds(7200)))
    let hostile = GitHubClientError.rateLimited(resetAt: nil, retryAfter: .seconds(253_402_300_799))
    #expect(RateLimitWait.decide(after: hostile, refusals: 1, now: now) == .tooLong(.seconds(253_402_300_799)))
    let hour = GitHubClientError.rateLimited(resetAt: nil, retryAfter: .seconds(3600))
    #expect(RateLimitWait.decide(after: hour, refusals: 1, now: now) == .wait(.seconds(3600)))
  }

  @Test func aPageRefusedFourTimesInARowEndsTheSync() {
    let error = GitHubClientError.rateLimited(resetAt: nil, retryAfter: .seconds(1))
    #expect(RateLimitWait.decide(after: error, refusals: 3, now: now) == .wait(.seconds(1)))
    #expect(RateLimitWait.decide(after: error, refusals: 4, now: now) == .tooOften)
  }
}
