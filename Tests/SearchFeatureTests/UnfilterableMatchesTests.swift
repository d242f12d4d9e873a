import AccountRules
import Foundation
import SearchFeature
import Testing

/// The repositories a field qualifier left out for lack of data: carried by the reactor with the query they belong
/// to, and worded in both languages (issue 13, item 4).
struct UnfilterableMatchesTests {
  static let matches = UnfilterableMatches(count: 12, words: "swift", qualifiers: ["language", "stars"])
  let reactor = SearchReactor(client: RepositorySearchClient { _, _ throws(SearchFailure) in throw .unavailable })

  @Test func theLastPageBringsThemAndTheNextQueryOrAFailureClearsThem() {
    var state = reactor.reduce(state: reactor.initialState, mutation: .startSearch("swift language:swift"))
    let first = SearchPage(repositories: [], totalCount: 40, nextPage: 2)
    state = reactor.reduce(state: state, mutation: .setPage(first, page: 1))
    #expect(state.unfilterableMatches == nil)
    let last = SearchPage(repositories: [], totalCount: 40, nextPage: nil, unfilterableMatches: Self.matches)
    state = reactor.reduce(state: state, mutation: .setPage(last, page: 2))
    #expect(state.unfilterableMatches == Self.matches)

    let next = reactor.reduce(state: state, mutation: .startSearch("swift stars:>1"))
    #expect(next.unfilterableMatches == nil, "the note belongs to the previous query")
    let failed = reactor.reduce(state: state, mutation: .setFailure(.unavailable, page: 1))
    #expect(failed.unfilterableMatches == nil)
  }

  @Test func theNoteInEachLanguage() {
    let english = SearchMessages(.english, service: .thisServer)
    let chinese = SearchMessages(.simplifiedChinese, service: .thisServer)
    #expect(
      english.unfilterableMatches(Self.matches)
        == "12 repositories match “swift” but this index has no language or stars for them: fill it with "
        + "`octoreact index sync --github` to filter on those.")
    #expect(
      chinese.unfilterableMatches(Self.matches)
        == "有 12 个仓库与“swift”匹配，但此索引没有它们的语言或星标数信息：请用 `octoreact index sync --github` 补全索引后再按这些条件筛选。")
    let one = UnfilterableMatches(count: 1, words: "", qualifiers: ["stars", "archived", "topic"])
    #expect(
      english.unfilterableMatches(one)
        == "1 repository in this index has no stars, archived flag or topics: fill it with "
        + "`octoreact index sync --github` to filter on those.")
    #expect(
      chinese.unfilterableMatches(UnfilterableMatches(count: 3_323, words: "", qualifiers: ["language", "fork", "forks"]))
        == "此索引中有 3,323 个仓库没有语言、是否复刻或复刻数信息："
        + "请用 `octoreact index sync --github` 补全索引后再按这些条件筛选。")
  }
}
