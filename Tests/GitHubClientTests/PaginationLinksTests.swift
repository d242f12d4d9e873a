import GitHubClient
import Testing

struct PaginationLinksTests {
  @Test func readsEveryRelationAndItsPage() {
    let links = PaginationLinks(
      linkHeader: #"<https://api.github.com/search/repositories?q=x&page=1>; rel="prev", "#
        + #"<https://api.github.com/search/repositories?q=x&page=3>; rel="next", "#
        + #"<https://api.github.com/search/repositories?q=x&page=34>; rel="last", "#
        + #"<https://api.github.com/search/repositories?q=x&page=1>; rel="first""#)

    #expect(links.prevPage == 1)
    #expect(links.nextPage == 3)
    #expect(links.lastPage == 34)
    #expect(links.firstPage == 1)
    #expect(links.next == "https://api.github.com/search/repositories?q=x&page=3")
  }

  @Test func absentHeaderHasNoLinks() {
    let links = PaginationLinks(linkHeader: nil)

    #expect(links.isEmpty)
    #expect(links.nextPage == nil)
    #expect(links.headerValue == nil)
  }

  @Test(arguments: [
    ("https://e.com/?page=2", 2),
    ("https://e.com/?q=page%3D9&per_page=50&page=7#frag", 7),
    ("https://e.com/?page=2&page=3", 2),
  ])
  func pageIsThePageParameter(url: String, page: Int) {
    #expect(PaginationLinks.page(in: url) == page)
  }

  @Test(arguments: ["https://e.com/", "https://e.com/?per_page=2", "https://e.com/?page=0", "https://e.com/?page=x"])
  func urlWithoutAPositivePageHasNoPage(url: String) {
    #expect(PaginationLinks.page(in: url) == nil)
  }

  @Test func otherRelationsAreIgnored() {
    let links = PaginationLinks(linkHeader: #"<https://e.com/?page=2>; rel="alternate""#)

    #expect(links.isEmpty)
  }

  @Test func headerValueIsInGitHubsOrder() {
    let links = PaginationLinks(
      first: "https://e.com/?page=1", prev: "https://e.com/?page=2", next: "https://e.com/?page=4",
      last: "https://e.com/?page=9")

    #expect(
      links.headerValue
        == #"<https://e.com/?page=2>; rel="prev", <https://e.com/?page=4>; rel="next", "#
        + #"<https://e.com/?page=9>; rel="last", <https://e.com/?page=1>; rel="first""#)
    #expect(PaginationLinks(linkHeader: links.headerValue) == links)
  }

  // MARK: - Links a server sends

  private static let base = "https://api.github.com"

  private static func url(_ page: Int, perPage: Int = 30) -> String {
    "https://api.github.com/search/repositories?q=x&page=\(page)&per_page=\(perPage)"
  }

  @Test func firstPageLinksToNextAndLast() {
    let links = PaginationLinks.search(RepositorySearchQuery(q: "x"), totalCount: 75, baseURL: Self.base)

    #expect(links == PaginationLinks(next: Self.url(2), last: Self.url(3)))
    #expect(
      links.headerValue == #"<\#(Self.url(2))>; rel="next", <\#(Self.url(3))>; rel="last""#)
  }

  @Test func middlePageLinksEverywhere() {
    let links = PaginationLinks.search(RepositorySearchQuery(q: "x", page: 2), totalCount: 75, baseURL: Self.base)

    #expect(links == PaginationLinks(first: Self.url(1), prev: Self.url(1), next: Self.url(3), last: Self.url(3)))
  }

  @Test func lastPageLinksBackOnly() {
    let links = PaginationLinks.search(RepositorySearchQuery(q: "x", page: 3), totalCount: 75, baseURL: Self.base)

    #expect(links == PaginationLinks(first: Self.url(1), prev: Self.url(2)))
  }

  @Test(arguments: [0, 1, 30])
  func singlePageHasNoLinks(totalCount: Int) {
    let links = PaginationLinks.search(RepositorySearchQuery(q: "x"), totalCount: totalCount, baseURL: Self.base)

    #expect(links.isEmpty)
    #expect(links.headerValue == nil)
  }

  @Test(arguments: [(30, 34), (100, 10), (7, 143), (1, 1000)])
  func lastPageStopsAtTheResultLimit(perPage: Int, lastPage: Int) {
    let query = RepositorySearchQuery(q: "x", perPage: perPage)
    let links = PaginationLinks.search(query, totalCount: 4242, baseURL: Self.base)
    let atLast = PaginationLinks.search(query.page(lastPage), totalCount: 4242, baseURL: Self.base)

    #expect(links.lastPage == lastPage)
    #expect(atLast.next == nil)
    #expect(atLast.prevPage == lastPage - 1)
  }

  @Test func queryIsEncodedInTheLinks() {
    let links = PaginationLinks.search(RepositorySearchQuery(q: "a b&c"), totalCount: 75, baseURL: Self.base + "/")

    #expect(links.next == "https://api.github.com/search/repositories?q=a%20b%26c&page=2&per_page=30")
    #expect(PaginationLinks(linkHeader: links.headerValue) == links)
  }
}
