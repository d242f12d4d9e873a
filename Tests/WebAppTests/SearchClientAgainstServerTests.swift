import Foundation
import GitHubClient
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// `GitHubClient.searchRepositories` against the real Octoreact server on loopback: the same client
/// that talks to api.github.com follows this server's `Link` pages and meets its rate limit.
@Suite(.timeLimit(.minutes(1)))
struct SearchClientAgainstServerTests {
  static let repositories = (1...75).map { "owner\($0)/swift-tool-\($0)" } + ["apple/swift"]

  @Test func followingNextPagesCollectsEveryResultOnce() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await app.application().test(.live) { client in
      let port = try #require(client.port)
      let github = GitHubClient.live(configuration: .octoreact(baseURL: "http://127.0.0.1:\(port)"))
      var query = RepositorySearchQuery(q: "swift", perPage: 20)
      var names: [String] = []
      var pages = 0
      while true {
        let results = try await github.searchRepositories(query)
        pages += 1
        #expect(results.totalCount == 76)
        #expect(results.lastPage == 4)
        names += results.items.map(\.fullName)
        guard let next = results.nextPage else { break }
        query = query.page(next)
      }
      #expect(pages == 4)
      #expect(names.count == 76 && Set(names).count == 76)
      #expect(names.first == "apple/swift")
    }
  }

  @Test func theServersRateLimitReachesTheClientWithItsResetTime() async throws {
    var configuration = AppConfiguration(port: 0, usernameThrottle: .zero, queryThrottle: .zero)
    configuration.rateLimits = RateLimits(search: RateLimitRule(limit: 1, window: .seconds(60)))
    let app = try await TestApp.withRepositories(Self.repositories, configuration: configuration)
    try await app.application().test(.live) { client in
      let port = try #require(client.port)
      let github = GitHubClient.live(configuration: .octoreact(baseURL: "http://127.0.0.1:\(port)"))
      _ = try await github.searchRepositories(RepositorySearchQuery(q: "swift"))
      do throws(GitHubClientError) {
        _ = try await github.searchRepositories(RepositorySearchQuery(q: "swift"))
        Issue.record("the second search should be refused")
      } catch {
        #expect(error.isRateLimit)
        let reset = try #require(error.resetAt)
        #expect(reset > Date() && reset <= Date().addingTimeInterval(61))
      }
    }
  }

  @Test func aMissingQueryIsAValidationFailure() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let port = try #require(client.port)
      let github = GitHubClient.live(configuration: .octoreact(baseURL: "http://127.0.0.1:\(port)"))
      await #expect(throws: GitHubClientError.self) {
        _ = try await github.searchRepositories(RepositorySearchQuery(q: "  "))
      }
    }
  }
}
