import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientTests {
  @Test func unimplementedClientThrowsForEveryEndpoint() async {
    let client = GitHubClient.unimplemented

    let userError = await failure { () async throws(GitHubClientError) in try await client.user("octocat") }
    let createError = await failure { () async throws(GitHubClientError) in try await client.createUser("a", "b") }

    #expect(userError == .unimplemented("GitHubClient.user"))
    #expect(createError == .unimplemented("GitHubClient.createUser"))
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
