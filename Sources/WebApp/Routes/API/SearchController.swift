import Foundation
import GitHubClient
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RepositoryIndex

/// `GET /search/repositories` in GitHub's shape, with `Link` headers and GitHub's 422s, backed by the
/// local index; items link to this server, so a client and the Search page stay on it.
struct SearchController: Sendable {
  let index: RepositoryIndex
  let rateLimiter: RateLimiter
  let logger: Logger
  let publicAddress: PublicAddress

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.rateLimited(.search, by: rateLimiter)
      .getAndHead("search/repositories") { request, _ in try await search(request) }
  }

  func search(_ request: Request) async throws -> Response {
    let searchRequest = try SearchRequest(request)
    let query = searchRequest.query
    let result: IndexSearchResult
    do {
      result = try await index.search(
        searchRequest.parsed, sort: searchRequest.sort, page: query.page, perPage: query.perPage)
    } catch {
      logger.error("Search index failed", metadata: ["error": "\(error)"])
      throw APIError(status: .serviceUnavailable, message: "The search index is unavailable")
    }
    let baseURL = publicAddress.baseURL
    let body = RepositoryJSON.searchResponse(totalCount: result.totalCount, items: result.items, baseURL: baseURL)
    var response = JSONResponse.make(status: .ok, json: body)
    if let link = PaginationLinks.search(query, totalCount: result.totalCount, baseURL: baseURL).headerValue {
      response.headers[.link] = link
    }
    return response
  }

  /// An item as the live Search page reads it, built from the same row and base as the API's.
  static func item(_ repository: IndexedRepository, baseURL: String) -> GitHubRepository {
    GitHubRepository(
      indexed: repository, htmlURL: "\(baseURL)/repositories/\(repository.fullName)", apiBaseURL: baseURL)
  }
}

extension HTTPField.Name {
  static let link = Self("Link")!
}
