/// One page of repository search results with what is needed to ask for the next one.
///
/// ``nextPage`` comes only from the response's `Link: <…>; rel="next"`, never from counting, and is nil when the
/// next page would start beyond GitHub's 1,000-result limit. For example:
///
/// ```swift
/// var query = RepositorySearchQuery(q: "reactorkit")
/// var repositories: [GitHubRepository] = []
/// while true {
///   let results = try await client.searchRepositories(query)
///   repositories += results.items
///   guard let next = results.nextPage else { break }
///   query.page = next
/// }
/// ```
public struct RepositorySearchResults: Sendable, Hashable {
  /// The decoded body: the total count, whether it is incomplete, and this page's items.
  public var response: RepositorySearchResponse
  /// The pagination links of the `Link` header.
  public var links: PaginationLinks
  /// The page that was asked for.
  public var page: Int
  /// The page to ask for next, or nil when this is the last page available.
  public var nextPage: Int?

  /// Creates results from their parts, as they are; ``init(response:links:query:)`` derives ``nextPage``.
  public init(response: RepositorySearchResponse, links: PaginationLinks, page: Int, nextPage: Int?) {
    self.response = response
    self.links = links
    self.page = page
    self.nextPage = nextPage
  }

  /// Results for `query`: ``nextPage`` is the page of `links.next`, dropped when its first result would be beyond
  /// ``RepositorySearchQuery/resultLimit`` (with the `per_page` of that link, or of `query` when it has none).
  public init(response: RepositorySearchResponse, links: PaginationLinks, query: RepositorySearchQuery) {
    var nextPage: Int?
    if let next = links.next, let page = PaginationLinks.page(in: next) {
      let perPage =
        QueryString.value(of: "per_page", in: next).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        ?? query.perPage
      if page <= RepositorySearchQuery.lastAvailablePage(perPage: perPage) { nextPage = page }
    }
    self.init(response: response, links: links, page: query.page, nextPage: nextPage)
  }

  /// The repositories on this page.
  public var items: [GitHubRepository] { response.items }
  /// How many repositories match in all (GitHub returns at most 1,000 of them).
  public var totalCount: Int { response.totalCount }
  /// Whether GitHub's search timed out, so the results may be incomplete.
  public var incompleteResults: Bool { response.incompleteResults }
  /// The last page number, from `links.last`, or this page when there is no `last` link and no next page.
  public var lastPage: Int? { links.lastPage ?? (nextPage == nil ? page : nil) }
}
