import AccountStore
import Foundation
import GitHubClient
import Hummingbird
import SearchSyntax

/// The parameters of `GET /search/repositories`, checked the way GitHub checks them.
///
/// `q` is required and parsed as GitHub's syntax (``RepositoryQuery``); `per_page` is clamped; no page
/// may start beyond GitHub's result limit. Each refusal is a `422` naming the parameter at fault.
struct SearchRequest: Sendable {
  static let maxQueryLength = 256

  let query: RepositorySearchQuery
  let parsed: RepositoryQuery
  let sort: RepositorySort

  init(_ request: Request) throws(APIError) {
    let parameters = request.formQueryParameters
    let q = parameters["q"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !q.isEmpty else {
      throw .validationFailed([
        FieldError(resource: "Search", field: "q", code: "missing", message: "The search query q is required")
      ])
    }
    guard q.count <= Self.maxQueryLength else {
      throw Self.invalid("q", "The search is longer than \(Self.maxQueryLength) characters.")
    }
    let orderText = parameters["order"]
    do throws(SearchSyntaxError) {
      parsed = try RepositoryQuery.parse(q)
      sort = try RepositorySort(sort: parameters["sort"], order: orderText)
    } catch {
      throw Self.invalid(error.field, error.message)
    }
    let page = try Self.integer(parameters["page"], name: "page") ?? 1
    guard page >= 1 else { throw Self.invalid("page", "page must be 1 or more") }
    let perPage = try Self.integer(parameters["per_page"], name: "per_page") ?? RepositorySearchQuery.defaultPerPage
    // Links repeat `sort` and `order` as they were understood (in lower case), and only when they apply.
    query = RepositorySearchQuery(
      q: q, page: page, perPage: min(max(perPage, 1), RepositorySearchQuery.maxPerPage),
      sort: sort.key?.rawValue,
      order: sort.key != nil && orderText?.isEmpty == false ? (sort.ascending ? "asc" : "desc") : nil)
    // Compared by division: `(page - 1) * perPage` overflows for a page such as 307445734561825862.
    guard query.page <= query.lastAvailablePage else {
      // GitHub's answer for a page past its 1,000-result limit: a 422 with only a message.
      throw APIError(
        status: .unprocessableContent,
        message: "Only the first \(RepositorySearchQuery.resultLimit) search results are available")
    }
  }

  private static func integer(_ text: String?, name: String) throws(APIError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text) else { throw invalid(name, "\(name) must be a whole number") }
    return value
  }

  private static func invalid(_ field: String, _ message: String) -> APIError {
    .validationFailed([.invalid(field, resource: "Search", message: message)])
  }
}
