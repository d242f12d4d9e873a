import Foundation
import Testing

@testable import GitHubClient

/// Numbers a remote server writes into rate-limit and `Link` headers are range-checked: a hostile or broken
/// server cannot make the client trap on them.
@Suite(.timeLimit(.minutes(1)))
struct RateLimitRangeTests {
  @Test(arguments: ["1e300", "253402300800", "9223372036854775807", "-1", "nan", "inf"])
  func aResetOutOfRangeCountsAsAbsent(value: String) {
    let limit = RateLimit(headers: [
      (name: "x-ratelimit-remaining", value: "0"), (name: "x-ratelimit-reset", value: value),
    ])

    #expect(limit.resetAt == nil)
    #expect(limit.error(status: 403) == .rateLimited(resetAt: nil, retryAfter: nil))
  }

  @Test(arguments: ["9223372036854775807", "253402300800", "-5"])
  func aRetryAfterOutOfRangeCountsAsAbsent(value: String) {
    let limit = RateLimit(headers: [(name: "retry-after", value: value)])

    #expect(limit.retryAfter == nil)
  }

  @Test func theLatestResetIsStillRead() {
    let limit = RateLimit(headers: [(name: "x-ratelimit-reset", value: "253402300799")])

    #expect(limit.resetAt == Date(timeIntervalSince1970: 253_402_300_799))
  }

  @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, Double.nan])
  func aRetryDelayFromAnyResetDateIsClampedNotATrap(interval: Double) {
    let error = GitHubClientError.rateLimited(resetAt: Date(timeIntervalSince1970: interval), retryAfter: nil)

    let delay = error.retryDelay(now: Date(timeIntervalSince1970: 0))

    #expect(delay.map { $0 >= .zero && $0 <= GitHubClientError.longestRetryDelay } == true)
  }

  @Test func aHugeRetryAfterIsKeptAsItIs() {
    let error = GitHubClientError.rateLimited(resetAt: nil, retryAfter: .seconds(Int64.max))

    #expect(error.retryDelay(now: Date()) == .seconds(Int64.max))
  }

  @Test(arguments: [Int.max, Int.min, 0, -1])
  func searchLinksForAnyPerPageAreWrittenWithoutOverflow(perPage: Int) {
    let query = RepositorySearchQuery(q: "swift", page: 1, perPage: perPage)

    let links = PaginationLinks.search(query, totalCount: Int.max, baseURL: "http://127.0.0.1:8080")

    #expect(links.prev == nil)
    #expect(links.first == nil)
  }

  @Test func aPageNumberBeyondIntInALinkIsNoPage() {
    let links = PaginationLinks(
      linkHeader: #"<http://x/search/repositories?q=a&page=99999999999999999999>; rel="next""#)

    #expect(links.nextPage == nil)
  }
}
