import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SearchFeature
import SearchSyntax

/// Makes the ``RepositorySearchClient`` of one live Search page: this server's index or GitHub's
/// `GET /search/repositories` over HTTP with ``GitHubClient``, each search spending the page's
/// client's `search` budget first, as the API's searches do.
///
/// **Why the index is asked directly** (and not this server's API over HTTP, as before): a request
/// the server makes to itself comes from 127.0.0.1, so every page would have spent one shared
/// budget. The answer is built as the API builds it (``SearchController/item(_:baseURL:)``,
/// ``PaginationLinks/search(_:totalCount:baseURL:)``), so the page meets the same pages and limits.
struct RepositorySearchClientFactory: Sendable {
  let source: AppConfiguration.APISource
  let index: RepositoryIndex
  let rateLimiter: RateLimiter
  let localAddress: LocalAddress
  let httpClient: HTTPClient
  /// Results per page the screen asks for.
  var perPage = RepositorySearchQuery.defaultPerPage

  /// The client of a page whose client is `client` (see ``RateLimiter/client(of:)``).
  func makeClient(client: String) -> RepositorySearchClient {
    RepositorySearchClient { [self] text, page throws(SearchFailure) in
      let counted: RateLimitOutcome?
      do {
        counted = try await rateLimiter.take(.search, client: client)
      } catch {
        throw .unavailable
      }
      if let outcome = counted, !outcome.isAllowed {
        throw .rateLimited(resetsAt: Date(timeIntervalSince1970: TimeInterval(outcome.decision.reset)))
      }
      let query = RepositorySearchQuery(q: text, page: page, perPage: perPage)
      switch source {
      case .local: return try await searchIndex(query)
      case .github(let token): return try await searchGitHub(query, token: token)
      }
    }
  }

  private func searchIndex(_ query: RepositorySearchQuery) async throws(SearchFailure) -> SearchPage {
    let q = query.q.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !q.isEmpty, q.count <= SearchRequest.maxQueryLength else {
      throw .queryLength(maximum: SearchRequest.maxQueryLength)
    }
    guard query.page >= 1, query.page <= RepositorySearchQuery.lastAvailablePage(perPage: query.perPage) else {
      throw .beyondResultLimit(limit: RepositorySearchQuery.resultLimit)
    }
    let parsed: RepositoryQuery
    do throws(SearchSyntaxError) {
      parsed = try RepositoryQuery.parse(q)
    } catch {
      throw .unsupportedQuery(error)
    }
    let result: IndexSearchResult
    do {
      result = try await index.search(parsed, page: query.page, perPage: query.perPage)
    } catch {
      throw .unavailable
    }
    let baseURL = localAddress.baseURL
    return SearchPage(
      repositories: result.items.map { Self.repository(SearchController.item($0, baseURL: baseURL)) },
      totalCount: result.totalCount,
      incompleteResults: false,
      nextPage: PaginationLinks.search(query, totalCount: result.totalCount, baseURL: baseURL).nextPage,
      unfilterableMatches: result.nameOnlyMatches.map {
        UnfilterableMatches(count: $0.count, words: parsed.text, qualifiers: $0.qualifiers)
      }
    )
  }

  private func searchGitHub(_ query: RepositorySearchQuery, token: String?) async throws(SearchFailure) -> SearchPage {
    do throws(GitHubClientError) {
      let results = try await GitHubClient.live(configuration: .github(token: token), httpClient: httpClient)
        .searchRepositories(query)
      return SearchPage(
        repositories: results.items.map(Self.repository),
        totalCount: results.totalCount,
        incompleteResults: results.incompleteResults,
        nextPage: results.nextPage
      )
    } catch {
      throw Self.failure(error, now: Date())
    }
  }

  private static func repository(_ item: GitHubRepository) -> Repository {
    Repository(
      id: item.id,
      fullName: item.fullName,
      htmlURL: item.htmlURL,
      description: item.description,
      stargazersCount: item.stargazersCount,
      language: item.language,
      updatedAt: item.updatedAt
    )
  }

  /// What the screen shows for a failed request: a rate limit with its reset time, GitHub's reason
  /// for refusing a query, or "Error contacting server" for everything else.
  static func failure(_ error: GitHubClientError, now: Date) -> SearchFailure {
    if error.isRateLimit {
      return .rateLimited(resetsAt: error.retryDelay(now: now).map { now.addingTimeInterval(Self.seconds($0)) })
    }
    if error.code == .validationFailed {
      let reasons = error.fieldErrors.map { $0.message ?? $0.description }
      return .invalidQuery(message: reasons.isEmpty ? error.description : reasons.joined(separator: "; "))
    }
    return .unavailable
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
  }
}
