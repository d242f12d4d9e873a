import AsyncHTTPClient
import Foundation
import GitHubClient
import SearchFeature

/// Makes the ``RepositorySearchClient`` the live Search screens use: this server's
/// `GET /search/repositories` or GitHub's, over HTTP with ``GitHubClient``, so the screen meets real
/// pagination, rate limits and errors in either mode.
struct RepositorySearchClientFactory: Sendable {
  let source: AppConfiguration.APISource
  let localAddress: LocalAddress
  let httpClient: HTTPClient
  /// Results per page the screen asks for.
  var perPage = RepositorySearchQuery.defaultPerPage

  func makeClient() -> RepositorySearchClient {
    RepositorySearchClient { [self] text, page throws(SearchFailure) in
      do throws(GitHubClientError) {
        let results = try await client().searchRepositories(RepositorySearchQuery(q: text, page: page, perPage: perPage))
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
  }

  private func client() -> GitHubClient {
    switch source {
    // Built per request: the port is known only once the server runs.
    case .local: .live(configuration: .octoreact(baseURL: localAddress.baseURL), httpClient: httpClient)
    case .github(let token): .live(configuration: .github(token: token), httpClient: httpClient)
    }
  }

  private static func repository(_ item: GitHubRepository) -> Repository {
    Repository(
      id: item.id,
      fullName: item.fullName,
      htmlURL: item.htmlURL,
      description: item.description,
      stargazersCount: item.stargazersCount,
      language: item.language
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
