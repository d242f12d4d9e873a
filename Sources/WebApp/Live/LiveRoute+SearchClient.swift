import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SearchFeature
import SearchSyntax

extension LiveRoute {
  /// The ``RepositorySearchClient`` of one live Search page: this server's index or GitHub's, each search spending
  /// the `search` budget of `client` (``RateLimiter/client(peer:headers:)``) first, as the API's searches do.
  ///
  /// The index is asked directly, not through this server's API: a request to itself would come from
  /// 127.0.0.1, so every page would spend one shared budget. The answer is built as the API builds it,
  /// its links under the public address, so the page meets the same pages, limits and URLs.
  func searchClient(for client: String) -> RepositorySearchClient {
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
      let query = RepositorySearchQuery(q: text, page: page)
      switch configuration.search {
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
    let baseURL = publicAddress.baseURL
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

  /// A rate limit with its reset time, GitHub's reason for refusing a query, or else "unavailable".
  static func failure(_ error: GitHubClientError, now: Date) -> SearchFailure {
    if error.isRateLimit {
      return .rateLimited(resetsAt: error.retryDelay(now: now).map { now.addingTimeInterval($0 / .seconds(1)) })
    }
    if error.code == .validationFailed {
      let reasons = error.fieldErrors.map { $0.message ?? $0.description }
      return .invalidQuery(message: reasons.isEmpty ? error.description : reasons.joined(separator: "; "))
    }
    return .unavailable
  }
}
