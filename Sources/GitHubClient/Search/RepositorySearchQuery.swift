/// One page request of `GET /search/repositories`: the search text in GitHub's syntax, the page and its size.
///
/// GitHub returns at most ``resultLimit`` results for any search and at most ``maxPerPage`` per page; the query sends
/// what it is given, and the server answers 422 beyond those bounds. For example:
///
/// ```swift
/// let query = RepositorySearchQuery(q: "reactorkit language:swift", perPage: 50)
/// query.url(baseURL: "https://api.github.com")
/// // https://api.github.com/search/repositories?q=reactorkit%20language%3Aswift&page=1&per_page=50
/// ```
public struct RepositorySearchQuery: Sendable, Hashable {
  /// The search text, such as `swift stars:>1000`; sent percent-encoded as the `q` parameter.
  public var q: String
  /// The 1-based page number, sent as `page`.
  public var page: Int
  /// How many results per page, sent as `per_page`; GitHub allows 1 to 100.
  public var perPage: Int
  /// `stars`, `forks` or `updated`, sent as `sort`; nil for GitHub's best match.
  public var sort: String?
  /// `asc` or `desc`, sent as `order`; nil for GitHub's default (descending).
  public var order: String?

  /// The most results GitHub's search returns for one query, however many match.
  public static let resultLimit = 1_000
  /// The largest `per_page` GitHub accepts.
  public static let maxPerPage = 100
  /// GitHub's `per_page` when none is sent.
  public static let defaultPerPage = 30

  /// Creates a query for one page of results.
  public init(
    q: String, page: Int = 1, perPage: Int = RepositorySearchQuery.defaultPerPage, sort: String? = nil,
    order: String? = nil
  ) {
    self.q = q
    self.page = page
    self.perPage = perPage
    self.sort = sort
    self.order = order
  }

  /// The same search at another page.
  public func page(_ page: Int) -> Self {
    var query = self
    query.page = page
    return query
  }

  /// The last page whose first result is within GitHub's ``resultLimit`` at this ``perPage``: 34 for 30 per page.
  public var lastAvailablePage: Int {
    Self.lastAvailablePage(perPage: perPage)
  }

  /// The last page whose first result is within ``resultLimit`` for `perPage` results per page (1 when `perPage` < 1).
  public static func lastAvailablePage(perPage: Int) -> Int {
    guard perPage > 0 else { return 1 }
    return (resultLimit - 1) / perPage + 1
  }

  /// `{baseURL}/search/repositories?q=…&page=…&per_page=…`, every parameter percent-encoded.
  ///
  /// A server uses it to write the `Link` header; the live client requests exactly this URL.
  public func url(baseURL: String) -> String {
    PathSegment.url(base: baseURL, segments: Self.pathSegments) + "?" + QueryString.encode(queryItems)
  }

  /// The path of the search endpoint, as raw segments.
  static let pathSegments = ["search", "repositories"]

  /// The query parameters in the order GitHub's own links use; `sort` and `order` only when set.
  var queryItems: [(name: String, value: String)] {
    [("q", q)] + (sort.map { [("sort", $0)] } ?? []) + (order.map { [("order", $0)] } ?? [])
      + [("page", String(page)), ("per_page", String(perPage))]
  }
}
