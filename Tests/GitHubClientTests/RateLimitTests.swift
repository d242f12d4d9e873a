import Foundation
import Testing

@testable import GitHubClient

@Suite(.timeLimit(.minutes(1)))
struct RateLimitTests {
  private let reset = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func headersAreParsedCaseInsensitively() {
    let limit = RateLimit(headers: [
      (name: "X-RateLimit-Remaining", value: "0"),
      (name: "X-RATELIMIT-RESET", value: " 1700000000 "),
      (name: "Retry-After", value: "12"),
    ])

    #expect(limit.remaining == 0)
    #expect(limit.resetAt == reset)
    #expect(limit.retryAfter == .seconds(12))
    #expect(limit.retryAt == nil)
  }

  @Test func firstValueOfARepeatedHeaderWins() {
    let limit = RateLimit(headers: [(name: "retry-after", value: "5"), (name: "retry-after", value: "60")])

    #expect(limit.retryAfter == .seconds(5))
  }

  @Test(arguments: [403, 429])
  func exhaustedPrimaryLimitIsARateLimitWithItsReset(status: Int) {
    let error = RateLimit.error(
      status: status,
      headers: [(name: "x-ratelimit-remaining", value: "0"), (name: "x-ratelimit-reset", value: "1700000000")]
    )

    #expect(error == .rateLimited(resetAt: reset, retryAfter: nil))
  }

  @Test(arguments: [403, 429])
  func retryAfterIsASecondaryRateLimit(status: Int) {
    let error = RateLimit.error(status: status, headers: [(name: "retry-after", value: "30")])

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(30)))
  }

  @Test func bothLimitsKeepBothTimes() {
    let error = RateLimit.error(
      status: 403,
      headers: [
        (name: "x-ratelimit-remaining", value: "0"), (name: "x-ratelimit-reset", value: "1700000000"),
        (name: "retry-after", value: "30"),
      ]
    )

    #expect(error == .rateLimited(resetAt: reset, retryAfter: .seconds(30)))
  }

  @Test func resetIsIgnoredWhileRequestsRemain() {
    let error = RateLimit.error(
      status: 403,
      headers: [
        (name: "x-ratelimit-remaining", value: "12"), (name: "x-ratelimit-reset", value: "1700000000"),
        (name: "retry-after", value: "30"),
      ]
    )

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(30)))
  }

  @Test func forbiddenWithoutRateLimitHeadersIsNotARateLimit() {
    #expect(RateLimit.error(status: 403, headers: []) == nil)
    #expect(RateLimit.error(status: 403, headers: [(name: "x-ratelimit-remaining", value: "4999")]) == nil)
  }

  @Test func tooManyRequestsWithoutHeadersIsARateLimitWithoutTimes() {
    #expect(RateLimit.error(status: 429, headers: []) == .rateLimited(resetAt: nil, retryAfter: nil))
  }

  @Test(arguments: [200, 404, 409, 500])
  func otherStatusesAreNeverRateLimits(status: Int) {
    let headers = [(name: "x-ratelimit-remaining", value: "0"), (name: "retry-after", value: "30")]

    #expect(RateLimit.error(status: status, headers: headers) == nil)
  }

  @Test func retryAfterAsAnHTTPDateBecomesTheResetTime() {
    let error = RateLimit.error(status: 429, headers: [(name: "retry-after", value: "Tue, 14 Nov 2023 22:13:20 GMT")])

    #expect(error == .rateLimited(resetAt: reset, retryAfter: nil))
  }

  @Test(arguments: ["", "soon", "-5", "1.5"])
  func malformedRetryAfterIsIgnored(value: String) {
    let limit = RateLimit(headers: [(name: "retry-after", value: value)])

    #expect(limit.retryAfter == nil)
    #expect(limit.retryAt == nil)
  }

  @Test(arguments: ["", "never", "-1"])
  func malformedResetIsIgnored(value: String) {
    let error = RateLimit.error(
      status: 403,
      headers: [(name: "x-ratelimit-remaining", value: "0"), (name: "x-ratelimit-reset", value: value)]
    )

    #expect(error == .rateLimited(resetAt: nil, retryAfter: nil))
  }
}
