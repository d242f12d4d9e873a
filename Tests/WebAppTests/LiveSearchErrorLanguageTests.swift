import Foundation
import Testing
@testable import WebApp

/// A live page's errors in the page's language (issue 13, item 7), on a real server.
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchErrorLanguageTests {
  /// A state or an error as `search.js` reads it, with the rate limit's countdown template.
  struct Message: Decodable, Sendable {
    struct Failure: Decodable, Sendable {
      let message: String
      let countdown: String?
    }

    let type: String
    let message: String?
    let summary: String?
    let isLoading: Bool?
    let failure: Failure?
  }

  static let repositories = (1...3).map { "owner\($0)/swift-tool-\($0)" } + ["other/python"]

  @Test(arguments: [
    ("not json", #"消息不是形如 {"type": "…", "value": "…"} 的 JSON 对象"#),
    (#"{"type":"dance"}"#, "未知的操作，请使用 query、loadNextPage 或 retry"),
    (#"{"type":"query"}"#, #"此操作需要字符串类型的 "value""#),
    (#"{"type":"query","value":"a","value":"b"}"#, #"键 "value" 出现了多次，请只发送一次"#),
  ])
  func aRefusedMessagesErrorIsInThePagesLanguage(_ sent: String, _ shown: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await withLivePage("/live/search?lang=zh-Hans", of: app, receiving: Message.self) { send, inbox in
      try await send(sent)
      let error = await inbox.first { $0.type == "error" }
      #expect(error?.message == shown)
    }
  }

  @Test func theSignupPagesRefusalsAreInItsLanguageToo() async throws {
    let app = try TestApp()
    try await withLivePage("/live/signup?lang=zh-Hans", of: app, receiving: Message.self) { send, inbox in
      try await send(#"{"type":"dance"}"#)
      let error = await inbox.first { $0.type == "error" }
      #expect(
        error?.message
          == "未知的操作，请使用 usernameChanged、passwordChanged、repeatedPasswordChanged、signup 或 dismissOutcome")
    }
    try await withLivePage("/live/signup?lang=en", of: app, receiving: Message.self) { send, inbox in
      try await send(#"{"type":"dance"}"#)
      let error = await inbox.first { $0.type == "error" }
      #expect(error?.message?.hasPrefix("Unknown action: use usernameChanged, passwordChanged") == true)
    }
  }
}
