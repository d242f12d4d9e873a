public import Logging

/// Where and how a live ``GitHubClient`` talks to GitHub's REST API or Octoreact's compatible one.
///
/// The token is sent as `Authorization: Bearer …` and never appears in logs, errors or this type's description.
public struct GitHubClientConfiguration: Sendable, CustomStringConvertible {
  /// The API root, such as `https://api.github.com` or `http://127.0.0.1:8080`; a trailing slash is ignored.
  public var baseURL: String
  /// A personal access token sent as a bearer token, or nil for anonymous requests.
  public var token: String?
  /// The longest a whole call may take, response body included, before it fails with `.timeout`.
  public var timeout: Duration
  /// The `User-Agent` header, which GitHub requires on every request.
  public var userAgent: String
  /// The largest response body accepted; a bigger one fails with `.invalidResponse`.
  public var maxResponseBodySize: Int
  /// Where requests and failures are logged at debug level, without the token.
  public var logger: Logger

  /// Creates a configuration; only the base URL is required.
  public init(
    baseURL: String,
    token: String? = nil,
    timeout: Duration = .seconds(10),
    userAgent: String = "octoreact",
    maxResponseBodySize: Int = 1 << 20,
    logger: Logger = Logger(label: "octoreact.github-client")
  ) {
    self.baseURL = baseURL
    self.token = token
    self.timeout = timeout
    self.userAgent = userAgent
    self.maxResponseBodySize = maxResponseBodySize
    self.logger = logger
  }

  /// Octoreact's own GitHub-compatible API at `baseURL`, anonymous.
  public static func octoreact(baseURL: String) -> Self {
    Self(baseURL: baseURL)
  }

  /// The real GitHub API at `https://api.github.com`, with an optional personal access token.
  public static func github(token: String?) -> Self {
    Self(baseURL: "https://api.github.com", token: token)
  }

  /// The base URL and settings, with the token shown only as present or absent.
  public var description: String {
    "GitHubClientConfiguration(baseURL: \(baseURL), token: \(token == nil ? "none" : "<redacted>"), "
      + "timeout: \(timeout), userAgent: \(userAgent))"
  }
}
