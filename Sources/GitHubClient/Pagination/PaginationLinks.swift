/// The `first`, `prev`, `next` and `last` links of a paginated GitHub response, and the page number of each.
///
/// Clients read them from the `Link` header with ``init(linkHeader:)``; servers build them with
/// ``search(_:totalCount:baseURL:)`` and write ``headerValue``. A page number is the `page` parameter of its URL,
/// never guessed. For example:
///
/// ```swift
/// let links = PaginationLinks(linkHeader: #"<https://api.github.com/search/repositories?q=x&page=2>; rel="next", "#
///   + #"<https://api.github.com/search/repositories?q=x&page=34>; rel="last""#)
/// links.nextPage   // 2
/// links.lastPage   // 34
/// links.prev       // nil: this is the first page
/// ```
public struct PaginationLinks: Sendable, Hashable {
  /// The URL of the first page.
  public var first: String?
  /// The URL of the previous page; nil on the first page.
  public var prev: String?
  /// The URL of the next page; nil on the last page.
  public var next: String?
  /// The URL of the last page; nil on the last page.
  public var last: String?

  /// Creates links from their URLs.
  public init(first: String? = nil, prev: String? = nil, next: String? = nil, last: String? = nil) {
    self.first = first
    self.prev = prev
    self.next = next
    self.last = last
  }

  /// The pagination relations of a parsed `Link` header; other relations are ignored.
  public init(_ header: LinkHeader) {
    self.init(
      first: header.target(rel: "first"),
      prev: header.target(rel: "prev") ?? header.target(rel: "previous"),
      next: header.target(rel: "next"),
      last: header.target(rel: "last")
    )
  }

  /// Parses a `Link` header value; nil or an unreadable value gives no links.
  public init(linkHeader: String?) {
    self.init(LinkHeader(parsing: linkHeader ?? ""))
  }

  /// Whether there is no link at all, as on a response that fits one page.
  public var isEmpty: Bool { first == nil && prev == nil && next == nil && last == nil }

  /// The page number of ``first``.
  public var firstPage: Int? { first.flatMap(Self.page(in:)) }
  /// The page number of ``prev``.
  public var prevPage: Int? { prev.flatMap(Self.page(in:)) }
  /// The page number of ``next``.
  public var nextPage: Int? { next.flatMap(Self.page(in:)) }
  /// The page number of ``last``.
  public var lastPage: Int? { last.flatMap(Self.page(in:)) }

  /// The links as a `Link` header, in GitHub's order: `prev`, `next`, `last`, `first`.
  public var linkHeader: LinkHeader {
    let pairs: [(String, String?)] = [("prev", prev), ("next", next), ("last", last), ("first", first)]
    return LinkHeader(
      links: pairs.compactMap { rel, target in target.map { LinkHeader.Link(target: $0, relations: [rel]) } }
    )
  }

  /// The `Link` header value to send, or nil when there is no link (GitHub then sends no header).
  public var headerValue: String? {
    isEmpty ? nil : linkHeader.description
  }

  /// The positive integer `page` parameter of a URL's query, or nil when it has none.
  public static func page(in url: String) -> Int? {
    guard let text = QueryString.value(of: "page", in: url), let page = Int(text), page > 0 else { return nil }
    return page
  }

  /// The links GitHub sends with page `query.page` of a search with `totalCount` matches.
  ///
  /// The last page is the one holding the last result GitHub returns: `totalCount` or the 1,000-result limit,
  /// whichever is smaller. The first page has `next` and `last`; a middle one all four; the last one `prev` and
  /// `first`; a single page none. URLs are ``RepositorySearchQuery/url(baseURL:)`` with the page replaced.
  public static func search(
    _ query: RepositorySearchQuery,
    totalCount: Int,
    baseURL: String
  ) -> PaginationLinks {
    let available = min(max(totalCount, 0), RepositorySearchQuery.resultLimit)
    // `(available - 1) / perPage + 1` rather than rounding up by adding: a huge perPage cannot overflow.
    let lastPage = available == 0 ? 1 : (available - 1) / max(query.perPage, 1) + 1
    let page = query.page
    func url(_ page: Int) -> String { query.page(page).url(baseURL: baseURL) }
    return PaginationLinks(
      first: page > 1 ? url(1) : nil,
      prev: page > 1 ? url(min(page - 1, lastPage)) : nil,
      next: page < lastPage ? url(page + 1) : nil,
      last: page < lastPage ? url(lastPage) : nil
    )
  }
}
