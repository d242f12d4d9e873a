import AccountStore
import Clocks
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import Testing
@testable import WebApp

/// The per-client budgets as a client meets them: GitHub's answers on the API, and the same budgets
/// spent by the live pages.
@Suite(.timeLimit(.minutes(1)))
struct RateLimitAPITests {
  static func app(_ limits: RateLimits) throws -> TestApp {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = limits
    return try TestApp(configuration: configuration)
  }

  static func signupBody(_ username: String) -> ByteBuffer {
    ByteBuffer(string: #"{"username": "\#(username)", "password": "secret12"}"#)
  }

  @Test func anEnumerationIsRefusedAsGitHubRefusesIt() async throws {
    let app = try Self.app(RateLimits(core: RateLimitRule(limit: 3, window: .seconds(900))))
    try await app.application().test(.router) { client in
      var remaining: [String?] = []
      for name in ["alice", "bob", "carol"] {
        let response = try await client.execute(uri: "/users/\(name)", method: .get)
        #expect(response.status == .notFound)
        #expect(response.headers[.rateLimitLimit] == "3")
        #expect(response.headers[.rateLimitResource] == "core")
        remaining.append(response.headers[.rateLimitRemaining])
      }
      #expect(remaining == ["2", "1", "0"])
      let refused = try await client.execute(uri: "/users/dave", method: .get)
      #expect(refused.status == .forbidden)
      #expect(refused.headers[.rateLimitRemaining] == "0")
      #expect(refused.headers[.rateLimitUsed] == "3")
      let reset = try #require(refused.headers[.rateLimitReset].flatMap { Int($0) })
      let now = Int(Date().timeIntervalSince1970)
      #expect(reset > now && reset <= now + 901)
      #expect(refused.json["message"] as? String == "API rate limit exceeded for unknown.")
      #expect((refused.json["documentation_url"] as? String)?.contains("primary-rate-limit") == true)
    }
  }

  @Test func signupsBeyondTheBudgetAre429WithRetryAfter() async throws {
    let app = try Self.app(RateLimits(signup: RateLimitRule(limit: 2, window: .seconds(60), answer: .secondary)))
    try await app.application().test(.router) { client in
      for name in ["first", "second"] {
        let created = try await client.execute(uri: "/users", method: .post, headers: .json, body: Self.signupBody(name))
        #expect(created.status == .created)
        #expect(created.headers[.rateLimitResource] == "signup")
      }
      let refused = try await client.execute(uri: "/users", method: .post, headers: .json, body: Self.signupBody("third"))
      #expect(refused.status == .tooManyRequests)
      let retryAfter = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
      #expect((1...60).contains(retryAfter))
      #expect(refused.headers[.rateLimitRemaining] == "0")
      #expect((refused.json["message"] as? String)?.hasPrefix("You have exceeded a secondary rate limit") == true)
      // Lookups have a budget of their own, here none.
      let lookup = try await client.execute(uri: "/users/first", method: .get)
      #expect(lookup.status == .ok)
      #expect(lookup.headers[.rateLimitLimit] == nil)
    }
    #expect(try await app.accounts.account(named: "third") == nil)
  }

  @Test func offSendsNoRateLimitHeaders() async throws {
    let app = try Self.app(.off)
    try await app.application().test(.router) { client in
      for _ in 0..<400 {
        let response = try await client.execute(uri: "/users/nobody", method: .get)
        #expect(response.status == .notFound)
        #expect(response.headers[.rateLimitLimit] == nil)
      }
    }
  }

  @Test func theSignupPageAndTheAPISpendOneBudget() async throws {
    let app = try Self.app(RateLimits(core: RateLimitRule(limit: 2, window: .seconds(900))))
    try await app.application().test(.live) { client in
      let first = try await client.execute(uri: "/users/newbie", method: .get)
      #expect(first.headers[.rateLimitRemaining] == "1")
      _ = try await client.ws("/live/signup") { inbound, outbound, _ in
        try await withSignupPage(inbound: inbound, outbound: outbound) { send, inbox in
          try await send(event("usernameChanged", "newbie"))
          await inbox.first { $0.username?.message == "Username available" }
          try await send(event("usernameChanged", "enumerated"))
          let limited = await inbox.first { $0.username?.message.hasPrefix("Rate limit reached") == true }
          #expect(limited?.username?.tone == "failure")
          #expect(limited?.username?.message.hasSuffix(" s") == true)
        }
      }
      let lookup = try await client.execute(uri: "/users/newbie", method: .get)
      #expect(lookup.status == .forbidden)
      #expect(lookup.json["message"] as? String == "API rate limit exceeded for 127.0.0.1.")
    }
  }

  @Test func aSignupOverTheBudgetShowsWhenToTryAgain() async throws {
    let app = try Self.app(RateLimits(signup: RateLimitRule(limit: 1, window: .seconds(60), answer: .secondary)))
    try await app.application().test(.live) { client in
      let created = try await client.execute(uri: "/users", method: .post, headers: .json, body: Self.signupBody("first"))
      #expect(created.status == .created)
      _ = try await client.ws("/live/signup?lang=zh-Hans") { inbound, outbound, _ in
        try await withSignupPage(inbound: inbound, outbound: outbound) { send, inbox in
          try await send(event("usernameChanged", "second"))
          try await send(event("passwordChanged", "secret12"))
          try await send(event("repeatedPasswordChanged", "secret12"))
          await inbox.first { $0.signupEnabled == true }
          try await send(event("signup"))
          let shown = await inbox.first { $0.alert != nil }
          #expect(shown?.alert?.hasPrefix("注册失败！尝试次数过多，请在 ") == true)
        }
      }
    }
    #expect(try await app.accounts.account(named: "second") == nil)
  }
}

/// Runs `body` on a live Signup page's socket, its messages collected in an inbox.
private func withSignupPage(
  inbound: WebSocketInboundStream,
  outbound: WebSocketOutboundWriter,
  _ body: @Sendable (_ send: @Sendable (String) async throws -> Void, _ inbox: LiveInbox<LiveMessage>) async throws
    -> Void
) async throws {
  let inbox = LiveInbox<LiveMessage>()
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask {
      for try await message in inbound.messages(maxSize: 1 << 20) {
        if case .text(let text) = message { inbox.append(text) }
      }
    }
    try await body({ try await outbound.write(.text($0)) }, inbox)
    group.cancelAll()
  }
}

extension RateLimitAPITests {
  /// A client refused without end cannot fill the log: refusals go to the rate-limited logger (ten lines a
  /// window, then one line saying how many were suppressed), while served requests keep their line each.
  @Test func refusalsAreSummarisedWhileServedRequestsKeepTheirLine() async throws {
    let log = CapturedLog()
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(core: RateLimitRule(limit: 2, window: .seconds(900)))
    configuration.logLineLimit = WindowLimit(10, per: .seconds(60))
    let app = try TestApp(configuration: configuration)
    let clock = TestClock()
    try await app.application(clock: clock, logger: log.logger(level: .info)).test(.router) { client in
      for index in 0..<200 { _ = try await client.execute(uri: "/users/user\(index)", method: .get) }
    }
    #expect(log.lines(saying: "Request").count == 2)
    // The other 188 are counted for the summary line `RateLimitedLogHandlerTests` checks.
    #expect(log.lines(saying: "Refused a request").count == 10)
  }
}
