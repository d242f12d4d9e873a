import Foundation
import Hummingbird
import NIOCore

/// `GET /search/repositories` as GitHub answers it, with scripted queries for each failure GitHub can send.
///
/// `q`, `page` (default 1) and `per_page` (default 30, at most 100) are read from the raw query, `+` as a space. The
/// `Link` header is written by hand in GitHub's format, independently of the client's `LinkHeader`.
///
/// | `q` | answer |
/// |---|---|
/// | missing or empty | 422, `Validation Failed` with `{"resource": "Search", "field": "q", "code": "missing"}` |
/// | any, when `(page - 1) * per_page >= 1000` | 422, `Only the first 1000 search results are available` |
/// | `ratelimited` | 403, `x-ratelimit-remaining: 0`, `x-ratelimit-reset: 1700000000` |
/// | `retryafter` | 429, `retry-after: 42` |
/// | `secondary` | 403, `retry-after: 45` with requests left (`x-ratelimit-remaining: 25`) |
/// | `secondary-no-retry` | 403, GitHub's secondary-limit message and no rate-limit header |
/// | `broken` | 503, `{"message": "Service Unavailable"}` |
/// | `garbage` | 200, an HTML body |
/// | `truncated` | 200, JSON cut in the middle |
/// | `slow` | 200 after ``slowDelay`` |
/// | `nothing` | 200, no results and no `Link` header |
/// | `incomplete` | 200, 5 results with `incomplete_results: true` |
/// | `many` | 200, `total_count` 4242; links stop at the page holding result 1,000 |
/// | `uncapped` | like `many`, but `rel="next"` always points one page further, beyond the limit too |
/// | anything else | 200, ``defaultTotal`` results; `next`/`last` until the last page, `prev`/`first` after the first |
extension FakeGitHubServer {
  /// How many repositories an ordinary query matches: three pages at 30 per page, the last one short.
  static let defaultTotal = 75
  /// The base of the URLs in the `Link` header, as GitHub writes them.
  static let linkBase = "https://api.github.com/search/repositories"

  func addSearchRoutes(to router: Router<BasicRequestContext>) {
    router.get("/search/repositories") { request, _ in
      await self.record(request)
      return try await Self.search(rawPath: request.head.path ?? "")
    }
  }

  /// The parameters of a search as the server decoded them.
  struct SearchParameters {
    var q: String?
    var page: Int
    var perPage: Int
  }

  /// Reads `q`, `page` and `per_page` from a raw path such as `/search/repositories?q=a%20b&page=2`.
  static func searchParameters(rawPath: String) -> SearchParameters {
    var values: [String: String] = [:]
    if let start = rawPath.firstIndex(of: "?") {
      for pair in rawPath[rawPath.index(after: start)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let decode = { (text: Substring) in
          text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
        }
        let name = decode(parts[0])
        if values[name] == nil { values[name] = parts.count > 1 ? decode(parts[1]) : "" }
      }
    }
    let page = values["page"].flatMap { Int($0) }.flatMap { $0 >= 1 ? $0 : nil } ?? 1
    let perPage = values["per_page"].flatMap { Int($0) }.flatMap { $0 >= 1 ? min($0, 100) : nil } ?? 30
    return SearchParameters(q: values["q"], page: page, perPage: perPage)
  }

  private static func search(rawPath: String) async throws -> Response {
    let parameters = searchParameters(rawPath: rawPath)
    guard let q = parameters.q, !q.trimmingCharacters(in: .whitespaces).isEmpty else {
      return json(.unprocessableContent, missingQueryJSON)
    }
    guard (parameters.page - 1) * parameters.perPage < 1000 else {
      return json(.unprocessableContent, beyondLimitJSON)
    }
    switch q {
    case "ratelimited":
      return json(.forbidden, rateLimitedJSON, headers: primaryLimitHeaders)
    case "retryafter":
      return json(.tooManyRequests, secondaryLimitJSON, headers: ["retry-after": "42"])
    case "secondary":
      return json(
        .forbidden,
        secondaryLimitJSON,
        headers: ["retry-after": "45", "x-ratelimit-remaining": "25", "x-ratelimit-reset": "\(rateLimitReset)"]
      )
    case "secondary-no-retry":
      return json(.forbidden, secondaryLimitJSON)
    case "broken":
      return json(.serviceUnavailable, #"{"message": "Service Unavailable"}"#)
    case "garbage":
      return Response(
        status: .ok,
        headers: [.contentType: "text/html"],
        body: .init(byteBuffer: ByteBuffer(string: "<html><body>Unicorn!</body></html>"))
      )
    case "truncated":
      return json(.ok, #"{"total_count": 1, "incomplete_results": false, "items": [{"id": 1, "name": "#)
    case "slow":
      try await Task.sleep(for: slowDelay)
      return page(q: q, parameters, total: defaultTotal)
    case "nothing":
      return page(q: q, parameters, total: 0)
    case "incomplete":
      return page(q: q, parameters, total: 5, incomplete: true)
    case "many":
      return page(q: q, parameters, total: 4242)
    case "uncapped":
      return page(q: q, parameters, total: 4242, uncapped: true)
    default:
      return page(q: q, parameters, total: defaultTotal)
    }
  }

  /// One page of `total` matches, with GitHub's `Link` header.
  private static func page(
    q: String,
    _ parameters: SearchParameters,
    total: Int,
    incomplete: Bool = false,
    uncapped: Bool = false
  ) -> Response {
    let available = min(total, 1000)
    let first = (parameters.page - 1) * parameters.perPage
    let numbers = first < available ? Array(first + 1...min(first + parameters.perPage, available)) : []
    let items = numbers.map { repositoryJSON(number: $0, q: q) }.joined(separator: ",\n")
    let body = #"{"total_count": \#(total), "incomplete_results": \#(incomplete), "items": [\#(items)]}"#

    let lastPage = max(1, (available + parameters.perPage - 1) / parameters.perPage)
    let link = linkHeader(q: q, parameters, lastPage: lastPage, uncapped: uncapped)
    return json(.ok, body, headers: link.map { ["link": $0] } ?? [:])
  }

  /// GitHub's `Link` value: `prev`, `next`, `last`, `first`, in that order, each only where it applies.
  private static func linkHeader(q: String, _ parameters: SearchParameters, lastPage: Int, uncapped: Bool) -> String? {
    let encodedQ = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
    let perPage = parameters.perPage == 30 ? "" : "&per_page=\(parameters.perPage)"
    func url(_ page: Int) -> String { "<\(linkBase)?q=\(encodedQ)\(perPage)&page=\(page)>" }
    let page = parameters.page
    var links: [String] = []
    if page > 1 { links.append(#"\#(url(page - 1)); rel="prev""#) }
    if page < lastPage || uncapped { links.append(#"\#(url(page + 1)); rel="next""#) }
    if page < lastPage { links.append(#"\#(url(lastPage)); rel="last""#) }
    if page > 1 { links.append(#"\#(url(1)); rel="first""#) }
    return links.isEmpty ? nil : links.joined(separator: ", ")
  }

  /// Result `number` of a search for `q`, with every field GitHub sends; some descriptions and languages are null.
  static func repositoryJSON(number: Int, q: String) -> String {
    let owner = "octo-\(number % 4)"
    let name = "\(q.filter { $0.isLetter || $0.isNumber }.lowercased())-\(number)"
    let description =
      switch number % 7 {
      case 0: "null"
      case 3:
        jsonString("\(q) 仓库 with wide characters 🚀 and a long tail of words that no terminal line can hold at once")
      default: jsonString("Repository number \(number) for \(q)")
      }
    let language = number % 5 == 0 ? "null" : #""Swift""#
    return #"""
      {
        "id": \#(10_000 + number), "node_id": "R_kgDO\#(number)", "name": "\#(name)",
        "full_name": "\#(owner)/\#(name)", "private": false,
        "owner": {
          "login": "\#(owner)", "id": \#(500 + number % 4), "node_id": "MDQ6VXNlcjE=",
          "avatar_url": "https://avatars.githubusercontent.com/u/\#(500 + number % 4)?v=4", "gravatar_id": "",
          "url": "https://api.github.com/users/\#(owner)", "html_url": "https://github.com/\#(owner)",
          "type": "Organization", "site_admin": false
        },
        "html_url": "https://github.com/\#(owner)/\#(name)", "description": \#(description), "fork": false,
        "url": "https://api.github.com/repos/\#(owner)/\#(name)",
        "created_at": "2015-11-30T18:12:08Z", "updated_at": "2024-05-01T12:00:00Z", "pushed_at": "2024-04-30T09:00:00Z",
        "homepage": null, "size": \#(number * 17), "stargazers_count": \#(100_000 - number * 37),
        "watchers_count": \#(100_000 - number * 37), "language": \#(language), "has_issues": true,
        "forks_count": \#(number * 3), "archived": false, "disabled": false, "open_issues_count": 12,
        "license": {"key": "apache-2.0", "name": "Apache License 2.0", "spdx_id": "Apache-2.0", "url": null},
        "topics": ["swift", "reactive"], "visibility": "public", "forks": \#(number * 3), "open_issues": 12,
        "watchers": \#(100_000 - number * 37), "default_branch": "main", "score": 1.0
      }
      """#
  }

  /// `text` as a JSON string literal, quotes included.
  private static func jsonString(_ text: String) -> String {
    (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? #""""#
  }

  // MARK: - GitHub's search errors

  static let missingQueryJSON = #"""
    {"message": "Validation Failed",
     "errors": [{"resource": "Search", "field": "q", "code": "missing"}],
     "documentation_url": "https://docs.github.com/v3/search", "status": "422"}
    """#

  static let beyondLimitJSON = #"""
    {"message": "Only the first 1000 search results are available",
     "documentation_url": "https://docs.github.com/v3/search/", "status": "422"}
    """#
}
