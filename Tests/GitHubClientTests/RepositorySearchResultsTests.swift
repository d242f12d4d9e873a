import GitHubClient
import Testing

struct RepositorySearchResultsTests {
  private static let response = RepositorySearchResponse(totalCount: 4242, items: [])

  private static func results(next: String?, query: RepositorySearchQuery) -> RepositorySearchResults {
    RepositorySearchResults(response: response, links: PaginationLinks(next: next), query: query)
  }

  @Test func nextPageComesFromTheNextLink() {
    let results = Self.results(next: "https://e.com/search/repositories?q=x&page=7", query: .init(q: "x", page: 2))

    #expect(results.page == 2)
    #expect(results.nextPage == 7)
  }

  @Test func noNextLinkMeansNoNextPageWhateverTheCount() {
    let results = Self.results(next: nil, query: .init(q: "x"))

    #expect(results.totalCount == 4242)
    #expect(results.nextPage == nil)
  }

  @Test func nextLinkWithoutAPageMeansNoNextPage() {
    #expect(Self.results(next: "https://e.com/search/repositories?q=x", query: .init(q: "x")).nextPage == nil)
  }

  @Test(arguments: [(34, 30, true), (35, 30, false), (10, 100, true), (11, 100, false)])
  func nextPageStartingBeyondTheResultLimitIsDropped(page: Int, perPage: Int, kept: Bool) {
    let results = Self.results(
      next: "https://e.com/search/repositories?q=x&page=\(page)",
      query: .init(q: "x", page: page - 1, perPage: perPage))

    #expect(results.nextPage == (kept ? page : nil))
    #expect(results.links.nextPage == page)
  }

  @Test func perPageOfTheNextLinkDecidesTheLimit() {
    let results = Self.results(
      next: "https://e.com/search/repositories?q=x&per_page=100&page=11", query: .init(q: "x", page: 34))

    #expect(results.nextPage == nil)
  }

  @Test func lastPageIsThisPageWhenNothingFollows() {
    #expect(Self.results(next: nil, query: .init(q: "x", page: 3)).lastPage == 3)
    #expect(Self.results(next: "https://e.com/?page=4", query: .init(q: "x", page: 3)).lastPage == nil)
  }
}
