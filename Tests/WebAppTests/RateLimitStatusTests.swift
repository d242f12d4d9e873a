import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// `GET /rate_limit`: the caller's real budgets in GitHub's shape, spending none.
@Suite(.timeLimit(.minutes(1)))
struct RateLimitStatusTests {
  static func app(_ limits: RateLimits) throws -> TestApp {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = limits
    return try TestApp(configuration: configuration)
  }

  @Test func showsTheCallersBudgetsAndSpendsNone() async throws {
    let app = try Self.app(.standard)
    try await app.application().test(.router) { client in
      for _ in 0..<3 { _ = try await client.execute(uri: "/search/repositories?q=swift", method: .get) }
      _ = try await client.execute(uri: "/users/nobody", method: .get)
      let first = try await client.execute(uri: "/rate_limit", method: .get)
      let second = try await client.execute(uri: "/rate_limit", method: .get)
      #expect(first.status == .ok)
      let resources = try #require(first.json["resources"] as? [String: [String: Int]])
      let again = try #require(second.json["resources"] as? [String: [String: Int]])
      // Reading spends none. (An unused budget's reset is a window from now, which moves on.)
      #expect(again["core"] == resources["core"] && again["search"] == resources["search"])
      #expect(again["signup"]?["used"] == 0)
      #expect(resources["search"]?["limit"] == 120)
      #expect(resources["search"]?["used"] == 3)
      #expect(resources["search"]?["remaining"] == 117)
      #expect(resources["core"]?["used"] == 1)
      #expect(resources["signup"]?["used"] == 0)
      #expect(first.json["rate"] as? [String: Int] == resources["core"])
      let now = Int(Date().timeIntervalSince1970)
      let searchReset = try #require(resources["search"]?["reset"])
      #expect(searchReset > now && searchReset <= now + 60)
      // The headers are the core budget's, unspent.
      #expect(first.headers[.rateLimitResource] == "core")
      #expect(first.headers[.rateLimitUsed] == "1")
      #expect(first.headers[.rateLimitRemaining] == "299")
    }
  }

  @Test func aSpentBudgetShowsNothingRemainingUntilItsReset() async throws {
    let app = try Self.app(RateLimits(search: RateLimitRule(limit: 2, window: .seconds(60))))
    try await app.application().test(.router) { client in
      for _ in 0..<3 { _ = try await client.execute(uri: "/search/repositories?q=swift", method: .get) }
      let status = try await client.execute(uri: "/rate_limit", method: .get)
      let search = try #require((status.json["resources"] as? [String: [String: Int]])?["search"])
      #expect(search["remaining"] == 0)
      #expect(search["used"] == 2)
      #expect(status.json["rate"] == nil, "no core budget to repeat")
      #expect(status.headers[.rateLimitResource] == nil)
    }
  }

  @Test func withoutLimitsItAnswersAsGitHubEnterpriseWithRateLimitingOff() async throws {
    let app = try Self.app(.off)
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/rate_limit", method: .get)
      #expect(response.status == .notFound)
      #expect(response.json["message"] as? String == "Rate limiting is not enabled.")
    }
  }

  @Test func theStateMachineReadsAWindowWithoutCountingARequest() {
    var machine = RateLimitStateMachine(limit: 2, windowSeconds: 60, capacity: 10)
    #expect(machine.budget(client: "a", now: 1_000).remaining == 2)
    #expect(machine.budget(client: "a", now: 1_000).reset == 1_060)
    _ = machine.take(client: "a", now: 1_000)
    let read = machine.budget(client: "a", now: 1_010)
    #expect(read.used == 1 && read.remaining == 1 && read.reset == 1_060)
    #expect(machine.budget(client: "a", now: 1_010) == read)
    #expect(machine.take(client: "a", now: 1_020).remaining == 0)
    // Past the window's end, the whole budget again.
    #expect(machine.budget(client: "a", now: 1_060).used == 0)
    #expect(machine.count == 1)
  }
}
