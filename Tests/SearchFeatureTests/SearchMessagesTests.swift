import AccountRules
import Foundation
import SearchFeature
import Testing

struct SearchMessagesTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test
  func englishTexts() {
    let messages = SearchMessages()
    #expect(messages.language == .english)
    #expect(messages.label == "Search repositories")
    #expect(messages.loading == "Loading…")
    #expect(messages.retry == "Retry")
    #expect(messages.noResults(for: "zzz") == "No repositories match “zzz”")
    #expect(messages.failure(.unavailable, now: now) == "Error contacting server")
    #expect(messages.failure(.invalidQuery(message: "Validation Failed"), now: now).hasSuffix("Validation Failed"))
  }

  @Test
  func simplifiedChineseTexts() {
    let messages = SearchMessages(.simplifiedChinese)
    #expect(messages.label == "搜索仓库")
    #expect(messages.loading == "正在加载…")
    #expect(messages.retry == "重试")
    #expect(messages.noResults(for: "zzz") == "没有与“zzz”匹配的仓库")
    #expect(messages.failure(.unavailable, now: now) == "服务器发生错误！")
    #expect(messages.resultCount(1234) == "1,234 个仓库")
    #expect(messages.failure(.rateLimited(resetsAt: now + 42), now: now) == "GitHub 的请求次数已用完，请在 42 秒后再试。")
  }

  @Test
  func everyTextDiffersBetweenTheLanguages() {
    let english = SearchMessages(.english)
    let chinese = SearchMessages(.simplifiedChinese)
    let texts: [(SearchMessages) -> String] = [
      \.label, \.placeholder, \.startHint, \.loading, \.loadMore, \.retry, \.incompleteResults, \.serverError,
      { $0.noResults(for: "q") }, { $0.resultCount(2) }, { $0.invalidQuery("m") },
      { $0.rateLimited(secondsRemaining: 5) }, { $0.rateLimited(secondsRemaining: nil) },
    ]
    for text in texts {
      #expect(!text(english).isEmpty)
      #expect(text(english) != text(chinese))
    }
  }

  @Test(arguments: [
    (0, "0 repositories"), (1, "1 repository"), (2, "2 repositories"), (999, "999 repositories"),
    (1000, "1,000 repositories"), (1234, "1,234 repositories"), (1_234_567, "1,234,567 repositories"),
  ])
  func resultCount(_ count: Int, _ text: String) {
    #expect(SearchMessages().resultCount(count) == text)
  }

  @Test(arguments: [
    (42.0, "GitHub's rate limit is exhausted. Try again in 42 seconds."),
    (41.2, "GitHub's rate limit is exhausted. Try again in 42 seconds."),
    (1.0, "GitHub's rate limit is exhausted. Try again in 1 second."),
    (0.0, "GitHub's rate limit is exhausted. Try again in 1 second."),
    (-30.0, "GitHub's rate limit is exhausted. Try again in 1 second."),
  ])
  func rateLimitCountsTheSecondsToTheReset(_ secondsToReset: Double, _ text: String) {
    let failure = SearchFailure.rateLimited(resetsAt: now + secondsToReset)
    #expect(SearchMessages().failure(failure, now: now) == text)
  }

  @Test
  func rateLimitWithoutAResetTime() {
    #expect(
      SearchMessages().failure(.rateLimited(resetsAt: nil), now: now)
        == "GitHub's rate limit is exhausted. Try again later."
    )
  }

  @Test(arguments: [1e300, -1e300, 1e19])
  func aResetTooFarAwayReadsAsUnknownInsteadOfTrapping(_ secondsToReset: Double) {
    let text = SearchMessages().failure(.rateLimited(resetsAt: now + secondsToReset), now: now)
    #expect(text.hasPrefix("GitHub's rate limit is exhausted. Try again"))
  }

  @Test(arguments: [
    ("en", Language.english), ("en-GB", .english), ("zh", .simplifiedChinese), ("zh-Hans", .simplifiedChinese),
    ("zh-CN", .simplifiedChinese), ("zh-Hant", .english), ("zh-TW", .english), ("fr", .english),
  ])
  func languageFromATag(_ tag: String, _ language: Language) {
    #expect(Language(languageTag: tag) == language)
  }

  /// Texts that name who answers say "this server" when the server searches its own index, never
  /// "GitHub" (issue 13, item 3), in both languages.
  @Test(arguments: Language.allCases)
  func theTextsOfThisServerNeverNameGitHub(_ language: Language) {
    let messages = SearchMessages(language, service: .thisServer)
    let texts = [
      messages.startHint, messages.incompleteResults, messages.invalidQuery("x"),
      messages.rateLimited(secondsRemaining: 3), messages.rateLimited(secondsRemaining: nil),
    ]
    for text in texts { #expect(!text.contains("GitHub"), "\(text)") }
    let github = SearchMessages(language, service: .github)
    #expect(github.rateLimited(secondsRemaining: 3).contains("GitHub"))
    #expect(messages.rateLimited(secondsRemaining: 3) != github.rateLimited(secondsRemaining: 3))
  }
}
