import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import RepositoryIndex
import SearchFeature
import SignupFeature
import Testing
@testable import WebApp

/// A budget that cannot be counted (its shared database is down) refuses the request as a storage
/// error, `503`, before the route does any work: it never lets the request through uncounted.
@Suite(.timeLimit(.minutes(1)))
struct RateLimitUnavailableTests {
  static let limits = RateLimits.standard

  static let failing = RateLimitCounter(
    take: { _, _, _, _ throws(RateLimitCounterUnavailable) in throw RateLimitCounterUnavailable() },
    read: { _, _, _, _ throws(RateLimitCounterUnavailable) in throw RateLimitCounterUnavailable() })

  static func router(limiter: RateLimiter) throws -> Router<AppRequestContext> {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = limits
    let accounts = try AccountStore.inMemory()
    let index = try RepositoryIndex.inMemory()
    let localAddress = LocalAddress(host: "127.0.0.1", port: 8080)
    return buildRouter(
      configuration, accounts: accounts, index: index, rateLimiter: limiter, httpClient: .shared, drain: DrainState(),
      clock: ContinuousClock(), publicAddress: PublicAddress(configuration, localAddress: localAddress),
      metrics: ServerMetrics(), logger: TestApp.quietLogger, requestLogger: TestApp.quietLogger)
  }

  @Test func theLimiterThrowsWhatItsCounterThrows() async throws {
    let limiter = RateLimiter(Self.limits, counter: Self.failing)
    await #expect(throws: RateLimitCounterUnavailable.self) { try await limiter.take(.core, client: "a") }
    // A resource without a budget is never counted, so it never fails.
    let unlimited = RateLimiter(RateLimits(core: Self.limits.core), counter: Self.failing)
    #expect(try await unlimited.take(.search, client: "a") == nil)
  }

  @Test func theAPIAnswers503WithRetryAfterAndRunsNoRoute() async throws {
    let router = try Self.router(limiter: RateLimiter(Self.limits, counter: Self.failing))
    try await Application(router: router).test(.router) { client in
      for (uri, method) in [("/users/octocat", HTTPRequest.Method.get), ("/search/repositories?q=swift", .get)] {
        let response = try await client.execute(uri: uri, method: method)
        #expect(response.status == .serviceUnavailable, "\(uri)")
        #expect(response.headers[.retryAfter] == "5")
        #expect((response.json["message"] as? String)?.contains("rate limits cannot be counted") == true)
        #expect(response.headers[.rateLimitRemaining] == nil, "no figures were counted")
      }
      let signup = try await client.execute(
        uri: "/users", method: .post, headers: .json,
        body: ByteBuffer(string: #"{"username": "newcomer", "password": "secret12"}"#))
      #expect(signup.status == .serviceUnavailable)
    }
  }

  @Test func anAccountPageAnswers503AsAPage() async throws {
    let router = try Self.router(limiter: RateLimiter(Self.limits, counter: Self.failing))
    try await Application(router: router).test(.router) { client in
      let response = try await client.execute(uri: "/octocat", method: .get)
      #expect(response.status == .serviceUnavailable)
      #expect(response.text.contains("Service unavailable"))
    }
  }

  @Test func theLivePagesGetAStorageErrorNotALimit() async throws {
    let limiter = RateLimiter(Self.limits, counter: Self.failing)
    let route = LiveRoute.testing(
      accounts: try AccountStore.inMemory(), index: try RepositoryIndex.inMemory(), rateLimiter: limiter)
    let search = route.searchClient(for: "a")
    await #expect(throws: SearchFailure.unavailable) { try await search.search("swift", 1) }
    let signup = route.signupAPI(for: "a")
    await #expect(throws: RateLimitCounterUnavailable.self) { _ = try await signup.usernameAvailable("octocat") }
  }
}
