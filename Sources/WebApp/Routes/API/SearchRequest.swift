import AccountStore
import Foundation
import GitHubClient
import Hummingbird

/// The parameters of `GET /search/repositories`, checked the way GitHub checks them.
///
/// `q` is required and at most 256 characters; `page` counts from 1; `per_page` is clamped to
/// 1…100 (default 30); no page may start beyond the 1,000th result.
struct SearchRequest: Sendable {
  static let maxQueryLength = 256

  let query: RepositorySearchQuery

  init(_ request: Request) throws(APIError) {
    let parameters = request.uri.queryParameters
    let q = parameters["q"].map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
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
    let page = try Self.integer(parameters["page"], name: "page") ?? 1
    guard page >= 1 else {
      throw .validationFailed([
        FieldError(resource: "Search", field: "page", code: FieldError.invalidCode, message: "page must be 1 or more")
      ])
    }
    let perPage = try Self.integer(parameters["per_page"], name: "per_page") ?? RepositorySearchQuery.defaultPerPage
    query = RepositorySearchQuery(q: q, page: page, perPage: min(max(perPage, 1), RepositorySearchQuery.maxPerPage))
    // Compared by division: `(page - 1) * perPage` overflows for a page such as 307445734561825862.
    guard query.page <= query.lastAvailablePage else {
      // GitHub's answer for a page past its 1,000-result limit: a 422 with only a message.
      throw APIError(
        status: .unprocessableContent,
        message: "Only the first \(RepositorySearchQuery.resultLimit) search results are available")
    }
  }

  private static func integer(_ text: Substring?, name: String) throws(APIError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(text) else {
      throw .validationFailed([
        FieldError(resource: "Search", field: name, code: FieldError.invalidCode, message: "\(name) must be a whole number")
      ])
    }
    return value
  }
}
