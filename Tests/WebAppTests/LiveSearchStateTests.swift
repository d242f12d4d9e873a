import Foundation
import SearchFeature
import Testing
@testable import WebApp

/// What a live Search page is sent: appends for next pages, the whole list otherwise.
struct LiveSearchStateTests {
  func repos(_ ids: ClosedRange<Int64>) -> [Repository] {
    ids.map { Repository(id: $0, fullName: "o/r\($0)", htmlURL: "https://github.com/o/r\($0)") }
  }

  func render(_ page: inout LiveSearchState, _ repos: [Repository]) throws -> [String: Any] {
    var state = SearchReactor.State()
    state.query = "r"
    state.repos = repos
    state.totalCount = repos.count
    let text = page.render(state)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func aLongerListWithTheSameStartIsSentAsAnAppend() throws {
    var page = LiveSearchState(messages: SearchMessages())
    let first = try render(&page, repos(1...3))
    #expect(((first["repos"] as? [String: Any])?["replace"] as? [Any])?.count == 3)
    let same = try render(&page, repos(1...3))
    #expect((same["repos"] as? [String: Any])?.isEmpty == true)
    let more = try render(&page, repos(1...5))
    let appended = try #require((more["repos"] as? [String: Any])?["append"] as? [[String: Any]])
    #expect(appended.map { $0["id"] as? Int } == [4, 5])
  }

  @Test func aDifferentListReplacesTheShownOne() throws {
    var page = LiveSearchState(messages: SearchMessages())
    _ = try render(&page, repos(1...3))
    let other = try render(&page, repos(7...8))
    #expect(((other["repos"] as? [String: Any])?["replace"] as? [Any])?.count == 2)
  }

  @Test func aRateLimitCarriesItsResetTimeAndACountdownTemplate() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var page = LiveSearchState(messages: SearchMessages(), now: { now })
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

extension LiveSearchStateTests {
  /// A reset beyond Int64 milliseconds (from a hostile `x-ratelimit-reset`) trapped before.
  @Test func aResetTooFarAwayGetsNoCountdownInsteadOfATrap() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var page = LiveSearchState(messages: SearchMessages(), now: { now })
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
