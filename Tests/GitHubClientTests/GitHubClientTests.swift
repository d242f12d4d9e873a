import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientTests {
  @Test func unimplementedClientThrowsForEveryEndpoint() async {
    let client = GitHubClient.unimplemented

    let userError = await failure { () async throws(GitHubClientError) in try await client.user("octocat") }
    let createError = await failure { () async throws(GitHubClientError) in try await client.createUser("a", "b") }
    let searchError = await failure { () async throws(GitHubClientError) in
      try await client.searchRepositories(RepositorySearchQuery(q: "x"))
    }

    #expect(userError == .unimplemented("GitHubClient.user"))
    #expect(createError == .unimplemented("GitHubClient.createUser"))
    #expect(searchError == .unimplemented("GitHubClient.searchRepositories"))
  }

  @Test func clientBuiltFromUserEndpointsLeavesSearchUnimplemented() async {
    let client = GitHubClient(user: { _ in nil }, createUser: { _, _ throws(GitHubClientError) in throw .notFound })

    let error = await failure { () async throws(GitHubClientError) in
      try await client.searchRepositories(RepositorySearchQuery(q: "x"))
    }

    #expect(error == .unimplemented("GitHubClient.searchRepositories"))
  }

  @Test func searchCanBeOverridden() async throws {
    var client = GitHubClient.unimplemented
    client.searchRepositories = { query in
      RepositorySearchResults(
        response: RepositorySearchResponse(totalCount: 0, items: []), links: PaginationLinks(), query: query)
    }

    let results = try await client.searchRepositories(RepositorySearchQuery(q: "x", page: 2))

    #expect(results.page == 2)
    #expect(results.nextPage == nil)
  }

  @Test func endpointsCanBeOverriddenOneByOne() async throws {
    var client = GitHubClient.unimplemented
    client.user = { login in GitHubUser(login: login, id: 42) }

    let user = try await client.user("octocat")
    let createError = await failure { () async throws(GitHubClientError) in try await client.createUser("a", "b") }

    #expect(user == GitHubUser(login: "octocat", id: 42))
    #expect(createError?.code == .unimplemented)
  }
}
