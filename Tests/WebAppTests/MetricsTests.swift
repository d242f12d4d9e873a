import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import Synchronization
import Testing
@testable import WebApp

/// `GET /metrics` of a real server on loopback, read with a strict parser of the exposition format after
/// known traffic: requests by route and status, live sessions and actions, rate-limit refusals.
@Suite(.timeLimit(.minutes(2)))
struct MetricsTests {
  static func scrape(_ client: some TestClientProtocol) async throws -> PrometheusText {
    let response = try await client.execute(uri: "/metrics", method: .get)
    #expect(response.status == .ok)
    #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
    return try PrometheusText(String(buffer: response.body))
  }

  @Test func requestsAreCountedByRouteMethodAndStatusWithTheirDurations() async throws {
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "correct horse battery")
    try await app.application().test(.live) { client in
      for _ in 0..<3 { _ = try await client.execute(uri: "/users/octocat", method: .get) }
      for _ in 0..<2 { _ = try await client.execute(uri: "/users/nobody", method: .get) }
      _ = try await client.execute(uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: "{"))
      _ = try await client.execute(uri: "/healthz", method: .get)
      let metrics = try await Self.scrape(client)
      func requests(_ route: String, _ method: String, _ status: String) -> Double? {
        metrics.value("http_requests_total", ["route": route, "method": method, "status": status])
      }
      #expect(requests("/users/{username}", "GET", "200") == 3)
      #expect(requests("/users/{username}", "GET", "404") == 2)
      #expect(requests("/users", "POST", "400") == 1)
      #expect(requests("/healthz", "GET", "200") == 1)
      #expect(metrics.types["http_requests_total"] == "counter")
      #expect(metrics.types["http_request_duration_seconds"] == "histogram")
      let lookups = ["route": "/users/{username}", "method": "GET"]
      #expect(metrics.value("http_request_duration_seconds_count", lookups) == 5)
      #expect(metrics.value("http_request_duration_seconds_bucket", lookups.merging(["le": "+Inf"]) { $1 }) == 5)
      #expect((metrics.value("http_request_duration_seconds_sum", lookups) ?? -1) > 0)
      // The scrape that rendered this had not ended yet; the next one counts it under its own route.
      let next = try await Self.scrape(client)
      #expect(next.value("http_requests_total", ["route": "/metrics", "method": "GET", "status": "200"]) == 1)
    }
  }

  @Test func randomPathsNeverCreateNewLabelValues() async throws {
    try await TestApp().application().test(.live) { client in
      var generator = SystemRandomNumberGenerator()
      var unmatched = 0
      for _ in 0..<200 {
        let depth = Int.random(in: 2...4, using: &generator)
        let path = (0..<depth).map { _ in String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36) }
        let response = try await client.execute(uri: "/" + path.joined(separator: "/"), method: .get)
        if response.status == .notFound { unmatched += 1 }
      }
      // A top-level name is an account page: one route pattern, however many names are asked for.
      for _ in 0..<50 {
        _ = try await client.execute(uri: "/n\(UInt32.random(in: 0...UInt32.max, using: &generator))", method: .get)
      }
      let metrics = try await Self.scrape(client)
      let routes = metrics.values(of: "route", in: "http_requests_total")
      #expect(routes.count <= 4, "\(routes)")
      #expect(routes.allSatisfy {
        $0 == ServerMetrics.unmatchedRoute || $0.hasPrefix("/") && !$0.contains(where: \.isNumber)
      })
      let counted = metrics.samples.filter { $0.name == "http_requests_total" && $0.labels["route"] != "/{login}" }
        .reduce(0) { $0 + $1.value }
      #expect(Int(counted) == 200)
      #expect(unmatched == 200)
    }
  }

  @Test func aLiveSessionShowsInTheGaugeWhileOpenAndItsActionsAreCounted() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let mvvm: [String: String] = ["screen": "signup", "engine": "mvvm"]
      let during = Scraped()
      _ = try await client.ws("/live/signup?engine=mvvm") { inbound, outbound, _ in
        try await outbound.write(.text(event("passwordChanged", "abc")))
        try await outbound.write(.text(event("passwordChanged", "abcdef")))
        try await outbound.write(.text("not json"))  // refused: never reaches the view model
        // The refusal's error message comes after the states of the two accepted ones.
        for try await message in inbound.messages(maxSize: 1 << 20) {
          if case .text(let text) = message, text.contains(#""type":"error""#) { break }
        }
        let scraped = try await MetricsTests.scrape(client)
        during.withLock { $0 = scraped }
      }
      let open = try #require(during.withLock { $0 })
      #expect(open.value("live_sessions_open", mvvm) == 1)
      #expect(open.value("live_sessions_open", ["screen": "signup", "engine": "reactor"]) == 0)
      #expect(open.value("live_actions_total", mvvm) == 2)
      #expect(open.value("live_effect_tasks_running", mvvm) == 0)
      // The server ends the session when it sees the close: wait for that, however loaded the machine
      // (the bound is a safety net), then it is gone.
      var closed = try await Self.scrape(client)
      let giveUp = ContinuousClock.now + .seconds(60)
      while closed.value("live_sessions_open", mvvm) != 0 && ContinuousClock.now < giveUp {
        try await Task.sleep(for: .milliseconds(10))
        closed = try await Self.scrape(client)
      }
      #expect(closed.value("live_sessions_open", mvvm) == 0)
      #expect(closed.value("live_actions_total", mvvm) == 2)
    }
  }

  @Test func aRateLimitRefusalIsCountedByResource() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(core: RateLimitRule(limit: 1, window: .seconds(900)))
    try await TestApp(configuration: configuration).application().test(.live) { client in
      let statuses = [
        try await client.execute(uri: "/users/a", method: .get).status,
        try await client.execute(uri: "/users/b", method: .get).status,
        try await client.execute(uri: "/users/c", method: .get).status,
      ]
      #expect(statuses == [.notFound, .forbidden, .forbidden])
      let metrics = try await Self.scrape(client)
      #expect(metrics.value("rate_limit_refusals_total", ["resource": "core"]) == 2)
      #expect(metrics.value("rate_limit_refusals_total", ["resource": "search"]) == 0)
    }
  }

  @Test func metricsCanBeTurnedOff() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.exposesMetrics = false
    try await TestApp(configuration: configuration).application().test(.live) { client in
      let response = try await client.execute(uri: "/metrics", method: .get)
      #expect(response.status == .notFound)
    }
  }
}

/// A scrape taken inside a WebSocket's handler, for the test to check outside it.
private final class Scraped: Sendable {
  private let text = Mutex<PrometheusText?>(nil)
  func withLock<T>(_ body: (inout PrometheusText?) -> T) -> T { text.withLock { body(&$0) } }
}
