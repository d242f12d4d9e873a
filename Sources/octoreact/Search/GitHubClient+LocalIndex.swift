import Foundation
import GitHubClient
import RepositoryIndex
import SearchSyntax
import WebApp

extension GitHubClient {
  /// A client whose search reads a local repository index instead of asking a server, with the pagination an
  /// Octoreact server would give (the first 1,000 results, `Link`-style pages): `octoreact search --index`.
  ///
  /// Links to a repository go to GitHub, which is where a repository of the index lives. Users and signup
  /// are not served: they need an account database and a server.
  static func localIndex(_ index: RepositoryIndex) -> GitHubClient {
    GitHubClient(
      user: { _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.user (local index)") },
      createUser: { _, _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.createUser (local index)") },
      searchRepositories: { query async throws(GitHubClientError) in
        let parsed: RepositoryQuery
        let sort: RepositorySort
        do throws(SearchSyntaxError) {
          parsed = try RepositoryQuery.parse(query.q)
          sort = try RepositorySort(sort: query.sort, order: query.order)
        } catch {
          // As the API answers it: a 422 whose entry names the parameter at fault.
          throw .validationFailed([
            GitHubFieldError(resource: "Search", field: error.field, code: "invalid", message: error.message)
          ])
        }
        let result: IndexSearchResult
        do {
          result = try await index.search(parsed, sort: sort, page: query.page, perPage: query.perPage)
        } catch {
          throw .invalidResponse("\(error)")
        }
        let response = RepositorySearchResponse(
          totalCount: result.totalCount,
          incompleteResults: false,
          items: result.items.map {
            GitHubRepository(indexed: $0, htmlURL: $0.webURL, apiBaseURL: SearchCommand.githubAPI)
          }
        )
        let links = PaginationLinks.search(query, totalCount: result.totalCount, baseURL: "http://index.invalid")
        return RepositorySearchResults(response: response, links: links, query: query)
      }
    )
  }
}
