/// GitHub's REST API, or Octoreact's compatible one, as a struct of closures (swift-dependencies style).
///
/// Features take a `GitHubClient` value and never know whether it talks HTTP: production passes
/// ``live(configuration:httpClient:)``, tests pass ``unimplemented`` with the closures they expect overridden.
/// For example:
///
/// ```swift
/// var client = GitHubClient.unimplemented
/// client.user = { login in GitHubUser(login: login, id: 1) }
/// let user = try await client.user("octocat")   // GitHubUser(login: "octocat", id: 1)
/// try await client.createUser("octocat", "pw")  // throws GitHubClientError.unimplemented
/// ```
///
/// Calls are independent: the client keeps no state between them, so pagination is the caller's (see
/// ``RepositorySearchResults``).
public struct GitHubClient: Sendable {
  /// `GET {base}/users/{login}`: the user, or nil when there is none (404).
  public var user: @Sendable (_ login: String) async throws(GitHubClientError) -> GitHubUser?

  /// `POST {base}/users` with JSON `{"username", "password"}` (Octoreact's server only): the created user.
  ///
  /// A 409 throws ``GitHubClientError/usernameTaken``, a 422 ``GitHubClientError/validationFailed(_:)``, and a
  /// 404 (a server without signup, such as GitHub) ``GitHubClientError/notFound``.
  public var createUser:
    @Sendable (_ username: String, _ password: String) async throws(GitHubClientError) -> GitHubUser

  /// `GET {base}/search/repositories?q=…&page=…&per_page=…`: one page of matches and the link to the next.
  ///
  /// A 422 (a missing `q`, or a page beyond the 1,000-result limit) throws ``GitHubClientError/validationFailed(_:)``
  /// with GitHub's explanation; a 403 or 429 rate limit ``GitHubClientError/rateLimited(resetAt:retryAfter:)``.
  public var searchRepositories:
    @Sendable (_ query: RepositorySearchQuery) async throws(GitHubClientError) -> RepositorySearchResults

  /// Creates a client from its endpoints; search defaults to one that throws ``GitHubClientError/unimplemented(_:)``.
  public init(
    user: @escaping @Sendable (_ login: String) async throws(GitHubClientError) -> GitHubUser?,
    createUser:
      @escaping @Sendable (_ username: String, _ password: String) async throws(GitHubClientError) -> GitHubUser,
    searchRepositories:
      @escaping @Sendable (_ query: RepositorySearchQuery) async throws(GitHubClientError) -> RepositorySearchResults =
      { _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.searchRepositories") }
  ) {
    self.user = user
    self.createUser = createUser
    self.searchRepositories = searchRepositories
  }

  /// A client whose every call throws ``GitHubClientError/unimplemented(_:)``: the default for tests that expect no request.
  public static let unimplemented = GitHubClient(
    user: { _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.user") },
    createUser: { _, _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.createUser") },
    searchRepositories: { _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.searchRepositories") }
  )
}
