import AccountStore
import Foundation
import GitHubClient
import Hummingbird
import SearchSyntax

/// The parameters of `GET /search/repositories`, checked the way GitHub checks them.
///
/// The parameters are read as GitHub reads them (``Request/formQueryParameters``: `+` is a space).
/// `q` is required, at most 256 characters, and parsed as GitHub's syntax (``RepositoryQuery``); `sort`
/// is `stars`, `forks` or `updated` and `order` `asc` or `desc` (``RepositorySort``); `page` counts from
/// 1; `per_page` is clamped to 1…100 (default 30); no page may start beyond the 1,000th result. Each
/// refusal is a `422` naming the parameter at fault.
struct SearchRequest: Sendable {
  static let maxQueryLength = 256

  let query: RepositorySearchQuery
  /// `q` parsed.
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
      throw .validationFailed([
        FieldError(
          resource: "Search", field: "q", code: FieldError.invalidCode,
          message: "The search is longer than \(Self.maxQueryLength) characters.")
      ])
    }
    let sortText = parameters["sort"]
    let orderText = parameters["order"]
    do throws(SearchSyntaxError) {
      parsed = try RepositoryQuery.parse(q)
      sort = try RepositorySort(sort: sortText, order: orderText)
    } catch {
      throw .validationFailed([Self.fieldError(error)])
    }
    let page = try Self.integer(parameters["page"], name: "page") ?? 1
    guard page >= 1 else {
      throw .validationFailed([
        FieldError(resource: "Search", field: "page", code: FieldError.invalidCode, message: "page must be 1 or more")
      ])
    }
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

  /// The `errors` entry of a query or sort the search cannot run.
  static func fieldError(_ error: SearchSyntaxError) -> FieldError {
    FieldError(resource: "Search", field: error.field, code: FieldError.invalidCode, message: error.message)
  }

  private static func integer(_ text: String?, name: String) throws(APIError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text) else {
      throw .validationFailed([
        FieldError(resource: "Search", field: name, code: FieldError.invalidCode, message: "\(name) must be a whole number")
      ])
    }
    return value
  }
}
