import GitHubClient
import Testing

struct RepositorySearchQueryTests {
  @Test func defaultsToTheFirstPageOfThirty() {
    let query = RepositorySearchQuery(q: "swift")

    #expect(query.page == 1)
    #expect(query.perPage == 30)
  }

  @Test func urlEncodesEveryParameter() {
    let query = RepositorySearchQuery(q: #"a+b c&d=e#f/"g" é"#, page: 3, perPage: 100)

    #expect(
      query.url(baseURL: "http://127.0.0.1:8080/")
        == "http://127.0.0.1:8080/search/repositories?q=a%2Bb%20c%26d%3De%23f%2F%22g%22%20%C3%A9&page=3&per_page=100")
  }

  @Test(arguments: [(30, 34), (100, 10), (50, 20), (7, 143), (1, 1000), (1000, 1), (0, 1)])
  func lastAvailablePageHoldsResultOneThousand(perPage: Int, page: Int) {
    #expect(RepositorySearchQuery.lastAvailablePage(perPage: perPage) == page)
    #expect(RepositorySearchQuery(q: "x", perPage: perPage).lastAvailablePage == page)
  }

  @Test func pageReturnsTheSameSearchAtAnotherPage() {
    let query = RepositorySearchQuery(q: "x", perPage: 50)

    #expect(query.page(4) == RepositorySearchQuery(q: "x", page: 4, perPage: 50))
  }
}
