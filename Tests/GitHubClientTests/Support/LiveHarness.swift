import AsyncHTTPClient
import GitHubClient
import HummingbirdTesting
import Testing

/// Runs `body` with a live ``GitHubClient`` pointed at a fresh ``FakeGitHubServer`` on a loopback port.
///
/// The parameters set the client's configuration; `baseURLSuffix` is appended to the base URL. The HTTP client is created for the run and shut down after it, whatever `body` does.
/// The default timeout is generous: with the whole suite running on two cores, a loopback answer has
/// taken over 5 s; tests of timeouts pass a short one.
func withFakeGitHub<Value: Sendable>(
  token: String? = nil,
  timeout: Duration = .seconds(30),
  userAgent: String = "octoreact",
  baseURLSuffix: String = "",
  _ body: @Sendable (GitHubClient, FakeGitHubServer) async throws -> Value
) async throws -> Value {
  let server = FakeGitHubServer()
  return try await server.makeApplication().test(.live) { testClient in
    let port = try #require(testClient.port)
    var configuration = GitHubClientConfiguration.octoreact(baseURL: "http://localhost:\(port)\(baseURLSuffix)")
    configuration.token = token
    configuration.timeout = timeout
    configuration.userAgent = userAgent
    return try await withHTTPClient { httpClient in
      try await body(.live(configuration: configuration, httpClient: httpClient), server)
    }
  }
}

/// Runs `body` with an `HTTPClient` on the shared event loop group and shuts it down afterwards.
func withHTTPClient<Value>(
  configuration: HTTPClient.Configuration = .init(),
  _ body: (HTTPClient) async throws -> Value
) async throws -> Value {
  let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  do {
    let value = try await body(httpClient)
    try await httpClient.shutdown()
    return value
  } catch {
    try await httpClient.shutdown()
    throw error
  }
}

/// An HTTP client configuration that reports a refused connection at once instead of retrying until the deadline.
func failFastConfiguration() -> HTTPClient.Configuration {
  var configuration = HTTPClient.Configuration()
  configuration.connectionPool.retryConnectionEstablishment = false
  return configuration
}

/// A loopback port nothing listens on: one a fake server used and released.
func closedLoopbackPort() async throws -> Int {
  try await FakeGitHubServer().makeApplication().test(.live) { testClient in
    try #require(testClient.port)
  }
}

/// The error `operation` throws, or nil when it returns.
func failure<Value>(
  from operation: () async throws(GitHubClientError) -> Value
) async -> GitHubClientError? {
  do {
    _ = try await operation()
    return nil
  } catch {
    return error
  }
}
