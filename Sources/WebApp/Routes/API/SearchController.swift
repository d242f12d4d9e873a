import Foundation
import GitHubClient
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RepositoryIndex

/// `GET /search/repositories` in GitHub's shape, backed by the local full-text index: `total_count`,
/// `incomplete_results`, `items`, `Link` headers with `rel="next"`/`"last"`/`"prev"`/`"first"`,
/// GitHub's 422s, and GitHub's search rate limit with its `x-ratelimit-*` headers (the `search` budget).
///
/// Each item is written by ``RepositoryJSON``: every field of GitHub's item, `null` where the index
/// does not know it; its `url` is this server's `GET /repos/{owner}/{repo}` and its `html_url` this
/// server's page for the repository, so a client and the Search page's links stay on the offline
/// server. They and the `Link` URLs start with the public base URL.
struct SearchController: Sendable {
  let index: RepositoryIndex
  /// Counts searches against each client's `search` budget.
  let rateLimiter: RateLimiter
  let logger: Logger
  /// The base of `html_url` and `Link`: never the request's `Host`, which a client chooses.
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
