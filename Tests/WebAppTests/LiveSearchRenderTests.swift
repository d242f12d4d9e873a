import AccountRules
import Foundation
import SearchFeature
import SearchSyntax
import Testing
@testable import WebApp

/// What a live Search page is sent: appends for next pages, the whole list otherwise.
struct LiveSearchRenderTests {
  func repos(_ ids: ClosedRange<Int64>) -> [Repository] {
    ids.map { Repository(id: $0, fullName: "o/r\($0)", htmlURL: "https://github.com/o/r\($0)") }
  }

  func render(_ page: inout RenderedSearchPage, _ repos: [Repository]) throws -> [String: Any] {
    var state = SearchReactor.State()
    state.query = "r"
    state.repos = repos
    state.totalCount = repos.count
    let text = page.render(state)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func aLongerListWithTheSameStartIsSentAsAnAppend() throws {
    var page = RenderedSearchPage(messages: SearchMessages())
    let first = try render(&page, repos(1...3))
    #expect(((first["repos"] as? [String: Any])?["replace"] as? [Any])?.count == 3)
    let same = try render(&page, repos(1...3))
    #expect((same["repos"] as? [String: Any])?.isEmpty == true)
    let more = try render(&page, repos(1...5))
    let appended = try #require((more["repos"] as? [String: Any])?["append"] as? [[String: Any]])
    #expect(appended.map { $0["id"] as? Int } == [4, 5])
  }

  @Test func aDifferentListReplacesTheShownOne() throws {
    var page = RenderedSearchPage(messages: SearchMessages())
    _ = try render(&page, repos(1...3))
    let other = try render(&page, repos(7...8))
    #expect(((other["repos"] as? [String: Any])?["replace"] as? [Any])?.count == 2)
  }

  @Test func aRateLimitCarriesItsResetTimeAndACountdownTemplate() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var page = RenderedSearchPage(messages: SearchMessages(), now: { now })
    var state = SearchReactor.State()
    state.query = "r"
    state.failure = .rateLimited(resetsAt: now.addingTimeInterval(42))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(page.render(state).utf8)) as? [String: Any])
    let failure = try #require(json["failure"] as? [String: Any])
    #expect(failure["message"] as? String == "GitHub's rate limit is exhausted. Try again in 42 seconds.")
    #expect(failure["resetsAt"] as? Int == 1_700_000_042_000)
    #expect(failure["countdown"] as? String == "GitHub's rate limit is exhausted. Try again in {seconds} seconds.")
  }
}

extension LiveSearchRenderTests {
  /// A reset beyond Int64 milliseconds (from a hostile `x-ratelimit-reset`) trapped before.
  @Test func aResetTooFarAwayGetsNoCountdownInsteadOfATrap() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var page = RenderedSearchPage(messages: SearchMessages(), now: { now })
    var state = SearchReactor.State()
    state.query = "r"
    state.failure = .rateLimited(resetsAt: Date(timeIntervalSince1970: 1e300))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(page.render(state).utf8)) as? [String: Any])
    let failure = try #require(json["failure"] as? [String: Any])
    #expect(failure["resetsAt"] == nil || failure["resetsAt"] is NSNull)
    #expect((failure["message"] as? String)?.hasPrefix("GitHub's rate limit is exhausted.") == true)
  }
}

extension LiveSearchRenderTests {
  /// A row carries what the page shows: language, stars in words (unknown said so), and the day it changed.
  @Test func aRowCarriesItsLanguageStarsAndUpdatedDayInWords() throws {
    var page = RenderedSearchPage(messages: SearchMessages(.simplifiedChinese))
    var known = Repository(id: 1, fullName: "o/a", htmlURL: "https://github.com/o/a", stargazersCount: 1234)
    known.language = "Swift"
    known.updatedAt = Date(timeIntervalSince1970: 1_735_787_045)  // 2025-01-02T03:04:05Z
    let unknown = Repository(id: -1, fullName: "o/b", htmlURL: "https://github.com/o/b", stargazersCount: nil)
    let json = try render(&page, [known, unknown])
    let rows = try #require((json["repos"] as? [String: Any])?["replace"] as? [[String: Any]])
    #expect(rows[0]["language"] as? String == "Swift")
    #expect(rows[0]["starsText"] as? String == "1,234 个星标")
    #expect(rows[0]["updatedAt"] as? String == "2025-01-02T03:04:05Z")
    #expect(rows[0]["updatedText"] as? String == "更新于 2025-01-02")
    #expect(rows[1]["starsText"] as? String == "星标数未知")
    #expect(rows[1]["stars"] == nil || rows[1]["stars"] is NSNull)
    #expect(rows[1]["updatedText"] == nil || rows[1]["updatedText"] is NSNull)
  }

  /// An append is announced once, for screen readers; a replacement or an unchanged list is not.
  @Test func anAppendIsAnnouncedWithHowManyAreShown() throws {
    var page = RenderedSearchPage(messages: SearchMessages())
    var state = SearchReactor.State()
    state.query = "r"
    state.totalCount = 86
    state.repos = repos(1...30)
    func announcement(_ state: SearchReactor.State) throws -> String? {
      let json = try #require(try JSONSerialization.jsonObject(with: Data(page.render(state).utf8)) as? [String: Any])
      return json["announcement"] as? String
    }
    #expect(try announcement(state) == nil)
    state.repos = repos(1...60)
    #expect(try announcement(state) == "30 more repositories loaded: 60 of 86 shown.")
    #expect(try announcement(state) == nil)
  }
}

extension LiveSearchRenderTests {
  /// "Retry" is offered only where asking again unchanged can succeed: before, a query refused for an
  /// unsupported qualifier showed a "Retry" that could only be refused again.
  @Test(arguments: [
    (SearchFailure.rateLimited(resetsAt: nil), true),
    (.unavailable, true),
    (.invalidQuery(message: "Validation Failed"), false),
    (.unsupportedQuery(SearchSyntaxError(.unsupportedQualifier("size"))), false),
    (.queryLength(maximum: 256), false),
    (.beyondResultLimit(limit: 1_000), false),
  ])
  func aFailureSaysWhetherRetryCanHelp(_ failure: SearchFailure, _ canRetry: Bool) throws {
    var page = RenderedSearchPage(messages: SearchMessages())
    var state = SearchReactor.State()
    state.query = "swift size:10"
    state.failure = failure
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(page.render(state).utf8)) as? [String: Any])
    let rendered = try #require(json["failure"] as? [String: Any])
    #expect(rendered["canRetry"] as? Bool == canRetry)
  }
}
