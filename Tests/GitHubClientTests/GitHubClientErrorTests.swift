import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientErrorTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func retryDelayCountsDownToTheReset() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(42), retryAfter: nil)

    #expect(error.retryDelay(now: now) == .seconds(42))
    #expect(error.retryDelay(now: now.addingTimeInterval(40)) == .seconds(2))
  }

  @Test func retryDelayIsNeverNegative() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(-10), retryAfter: nil)

    #expect(error.retryDelay(now: now) == .zero)
  }

  @Test func retryDelayRoundsPartialMillisecondsUp() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(1.0004), retryAfter: nil)

    #expect(error.retryDelay(now: now) == .milliseconds(1001))
  }

  @Test func retryDelayIsTheLongerOfRetryAfterAndReset() {
    let error = GitHubClientError.rateLimited(resetAt: now.addingTimeInterval(10), retryAfter: .seconds(30))

    #expect(error.retryDelay(now: now) == .seconds(30))
    #expect(error.retryAfter == .seconds(30))
  }

  @Test func retryDelayIsNilWhenTheServerDidNotSay() {
    #expect(GitHubClientError.rateLimited(resetAt: nil, retryAfter: nil).retryDelay(now: now) == nil)
    #expect(GitHubClientError.timeout.retryDelay(now: now) == nil)
  }

  @Test func onlyRateLimitsAreRateLimits() {
    #expect(GitHubClientError.rateLimited(resetAt: nil, retryAfter: nil).isRateLimit)
    #expect(!GitHubClientError.unexpectedStatus(403, message: nil).isRateLimit)
    #expect(!GitHubClientError.timeout.isRateLimit)
  }

  @Test func statusCodeIsTheHTTPStatusBehindTheError() {
    #expect(GitHubClientError.usernameTaken.statusCode == 409)
    #expect(GitHubClientError.validationFailed([]).statusCode == 422)
    #expect(GitHubClientError.notFound.statusCode == 404)
    #expect(GitHubClientError.unexpectedStatus(502, message: nil).statusCode == 502)
    #expect(GitHubClientError.transport("refused").statusCode == nil)
    #expect(GitHubClientError.timeout.statusCode == nil)
    #expect(GitHubClientError.rateLimited(resetAt: nil, retryAfter: nil).statusCode == nil)
  }

  @Test func codeNamesTheCaseWithoutItsDetails() {
    #expect(GitHubClientError.unexpectedStatus(500, message: "a").code == .unexpectedStatus)
    #expect(
      GitHubClientError.unexpectedStatus(500, message: "a").code
        == GitHubClientError.unexpectedStatus(404, message: nil).code)
    #expect(GitHubClientError.unimplemented("x").code == .unimplemented)
    #expect(GitHubClientError.Code.rateLimited.description == "rateLimited")
  }

  @Test func casesWithDifferentDetailsAreDifferent() {
    #expect(GitHubClientError.unexpectedStatus(500, message: "a") != .unexpectedStatus(500, message: "b"))
    #expect(GitHubClientError.transport("a") != .invalidResponse("a"))
  }

  @Test func descriptionsAreShortEnglish() {
    #expect(
      GitHubClientError.unexpectedStatus(500, message: "Server Error").description
        == "Unexpected HTTP status 500: Server Error")
    #expect(GitHubClientError.usernameTaken.description == "Username already taken (409)")
    #expect(
      GitHubClientError.validationFailed([GitHubFieldError(field: "username", code: "invalid")]).description
        == "Validation failed (422): username invalid"
    )
    #expect(
      GitHubClientError.rateLimited(resetAt: now, retryAfter: .seconds(30)).description
        == "GitHub rate limit exceeded; retry after 30 s; resets at 2023-11-14T22:13:20Z"
    )
  }

  @Test func configurationDescriptionHidesTheToken() {
    let configuration = GitHubClientConfiguration.github(token: "ghp_SECRET")

    #expect(configuration.baseURL == "https://api.github.com")
    #expect(!configuration.description.contains("ghp_SECRET"))
    #expect(configuration.description.contains("<redacted>"))
  }

  @Test func configurationDefaults() {
    let configuration = GitHubClientConfiguration.octoreact(baseURL: "http://127.0.0.1:8080")

    #expect(configuration.token == nil)
    #expect(configuration.timeout == .seconds(10))
    #expect(configuration.userAgent == "octoreact")
    #expect(configuration.maxResponseBodySize == 1 << 20)
  }
}
