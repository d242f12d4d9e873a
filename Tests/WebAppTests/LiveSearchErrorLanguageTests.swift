import AccountRules
import Foundation
import SearchFeature
import Testing
@testable import WebApp

/// A live page's errors in the page's language, tied to the query they belong to and cleared by the next
/// answer, worded for the server that answers (issue 13, items 3 and 7), on a real server.
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

  /// Before, the local server's own refusal reached the Chinese page in English ("无法执行此搜索：The search is
  /// empty or longer than 256 characters."), and stayed until the next failure.
  @Test func anOverLongQuerysErrorIsInThePagesLanguageAndTheNextAnswerClearsIt() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.maxFieldCharacters = 300  // a page allowed more than the search takes
    let app = try await TestApp.withRepositories(Self.repositories, configuration: configuration)
    try await withLivePage("/live/search?lang=zh-Hans", of: app, receiving: Message.self) { send, inbox in
      try await send(event("query", String(repeating: "a", count: 257)))
      let failed = try #require(await inbox.first { $0.failure != nil })
      #expect(failed.failure?.message == "搜索内容应为 1 到 256 个字符。")
      #expect(failed.summary == "")
      try await send(event("query", "swift"))
      let answered = try #require(await inbox.first { $0.summary == "3 个仓库" })
      #expect(answered.failure == nil)
    }
  }

  @Test func theRateLimitOnTheChinesePageIsChineseAndNamesThisServer() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = RateLimits(search: RateLimitRule(limit: 1, window: .seconds(60)))
    let app = try await TestApp.withRepositories(Self.repositories, configuration: configuration)
    try await withLivePage("/live/search?lang=zh-Hans", of: app, receiving: Message.self) { send, inbox in
      try await send(event("query", "swift"))
      _ = await inbox.first { $0.summary == "3 个仓库" }
      try await send(event("query", "python"))
      let failure = try #require(await inbox.first { $0.failure != nil }?.failure)
      #expect(failure.message.hasPrefix("本服务器的请求次数已用完，请在 "))
      #expect(failure.message.hasSuffix(" 秒后再试。"))
      #expect(failure.countdown == "本服务器的请求次数已用完，请在 {seconds} 秒后再试。")
      #expect(!failure.message.contains("GitHub"))
    }
  }

  /// Before, the Chinese page read "12 个仓库. GitHub 搜索超时…": an English full stop between two Chinese sentences.
  @Test(arguments: [
    (
      Language.english,
      "12 repositories. GitHub stopped searching before it looked at everything: results may be incomplete."
    ),
    (.simplifiedChinese, "12 个仓库。GitHub 搜索超时，结果可能不完整。"),
  ])
  func anIncompleteCountIsOneSummaryInThePagesLanguage(_ language: Language, _ summary: String) throws {
    var page = RenderedSearchPage(messages: SearchMessages(language, service: .github))
    var state = SearchReactor.State()
    state.query = "swift"
    state.totalCount = 12
    state.incompleteResults = true
    let message = try JSONDecoder().decode(Message.self, from: Data(page.render(state).utf8))
    #expect(message.summary == summary)
  }

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
