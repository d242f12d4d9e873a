import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Testing
@testable import WebApp

/// The WebSocket bridge on a real server: events in, states out, bad frames refused politely.
@Suite(.timeLimit(.minutes(1)))
struct LiveSignupTests {
  /// Runs `body` with a live Signup page connected over a real socket.
  func withLivePage(
    engine: String = "reactor",
    lang: String = "en",
    _ app: TestApp? = nil,
    _ body: @escaping @Sendable (_ send: @Sendable (String) async throws -> Void, _ inbox: LiveInbox<LiveMessage>)
      async throws -> Void
  ) async throws {
    try await WebAppTests.withLivePage(
      "/live/signup?engine=\(engine)&lang=\(lang)", of: try app ?? TestApp(), receiving: LiveMessage.self, body)
  }

  @Test(arguments: LiveSignupScreen.engines)
  func firstMessageIsTheInitialState(_ engine: String) async throws {
    try await withLivePage(engine: engine) { _, inbox in
      let first = await inbox.first { $0.isState }
      let state = try #require(first)
      #expect(state.username?.message == "")
      #expect(state.signupEnabled == false)
    }
  }

  @Test(arguments: LiveSignupScreen.engines)
  func passwordEventsComeBackAsValidatedStates(_ engine: String) async throws {
    try await withLivePage(engine: engine) { send, inbox in
      try await send(event("passwordChanged", "abc"))
      let short = await inbox.first { $0.password?.message == "Password must be at least 5 characters" }
      #expect(short?.password?.tone == "failure")
      try await send(event("passwordChanged", "abcdef"))
      try await send(event("repeatedPasswordChanged", "abcdeg"))
      await inbox.first { $0.repeatedPassword?.message == "Password different" }
    }
  }

  @Test(arguments: LiveSignupScreen.engines)
  func availabilityIsAskedOfThisServersAPI(_ engine: String) async throws {
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "secret1")
    try await withLivePage(engine: engine, app) { send, inbox in
      try await send(event("usernameChanged", "OctoCat"))
      let taken = await inbox.first { $0.username?.message == "Username already taken" }
      #expect(taken?.username?.tone == "failure")
      try await send(event("usernameChanged", "newbie"))
      await inbox.first { $0.username?.message == "Username available" }
    }
  }

  @Test(arguments: LiveSignupScreen.engines)
  func signingUpCreatesTheAccountAndShowsTheAlert(_ engine: String) async throws {
    let app = try TestApp()
    try await withLivePage(engine: engine, app) { send, inbox in
      try await send(event("usernameChanged", "newbie"))
      try await send(event("passwordChanged", "secret1"))
      try await send(event("repeatedPasswordChanged", "secret1"))
      await inbox.first { $0.signupEnabled == true }
      try await send(event("signup"))
      let shown = await inbox.first { $0.alert != nil }
      #expect(shown?.alert == "Signed up as newbie.")
      // The name is the new account's now: "Sign up" stays disabled, and "OK" opens its page.
      #expect(shown?.signupEnabled == false && shown?.username?.message == "Username already taken")
      try await send(event("dismissOutcome"))
      let opened = await inbox.first { $0.isState && $0.location != nil }
      #expect(opened?.location == "/newbie" && opened?.alert == nil)
    }
    #expect(try await app.accounts.account(named: "NEWBIE")?.login == "newbie")
  }

  @Test func simplifiedChineseOverTheSocket() async throws {
    try await withLivePage(lang: "zh-Hans") { send, inbox in
      try await send(event("passwordChanged", "abc"))
      await inbox.first { $0.password?.message == "密码至少需要 5 个字符" }
    }
  }

  static let badMessages: [(String, String)] = [
    ("not json", "not a JSON object"),
    (#"{"type":"launchRockets"}"#, "Unknown action"),
    (#"{"type":"usernameChanged"}"#, "needs a string"),
    (event("usernameChanged", String(repeating: "a", count: 300)), "Text too long"),
    (String(repeating: " ", count: 5000), "Message too large"),
  ]

  @Test(arguments: badMessages)
  func badMessagesGetAnErrorAndTheConnectionGoesOn(_ bad: String, _ expected: String) async throws {
    try await withLivePage { send, inbox in
      try await send(bad)
      let error = await inbox.first { $0.isError }
      #expect(error?.message?.contains(expected) == true)
      // The same connection and screen still work.
      try await send(event("passwordChanged", "abcdef"))
      await inbox.first { $0.password?.message == "Password acceptable" }
    }
  }

  @Test func unknownEngineIsRefusedBeforeTheUpgrade() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let response = try await client.execute(uri: "/live/signup?engine=elm", method: .get)
      #expect(response.status == .badRequest)
    }
  }
}
