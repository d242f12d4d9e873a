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
public struct GitHubClient: Sendable {
  /// `GET {base}/users/{login}`: the user, or nil when there is none (404).
  public var user: @Sendable (_ login: String) async throws(GitHubClientError) -> GitHubUser?

  /// `POST {base}/users` with JSON `{"username", "password"}` (Octoreact's server only): the created user.
  ///
  /// A 409 throws ``GitHubClientError/usernameTaken``, a 422 ``GitHubClientError/validationFailed(_:)``, and a
  /// 404 (a server without signup, such as GitHub) ``GitHubClientError/notFound``.
  public var createUser:
    @Sendable (_ username: String, _ password: String) async throws(GitHubClientError) -> GitHubUser

  /// Creates a client from its endpoints.
  public init(
    user: @escaping @Sendable (_ login: String) async throws(GitHubClientError) -> GitHubUser?,
    createUser:
      @escaping @Sendable (_ username: String, _ password: String) async throws(GitHubClientError) -> GitHubUser
  ) {
    self.user = user
    self.createUser = createUser
  }

  /// A client whose every call throws ``GitHubClientError/unimplemented(_:)``: the default for tests that expect no request.
  public static let unimplemented = GitHubClient(
    user: { _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.user") },
    createUser: { _, _ throws(GitHubClientError) in throw .unimplemented("GitHubClient.createUser") }
  )
}
