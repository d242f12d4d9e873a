/// The two requests the Signup screen makes: is a username free, and create an account.
///
/// A struct of closures, so each front end and test supplies its own: the live HTTP client talks to
/// GitHub or Octoreact's server, tests answer in virtual time, and `SignupAPI.unimplemented()`
/// (module `SignupFeatureTesting`, for tests only) fails the test that makes a request it did not
/// expect.
///
/// For example, an API that knows one taken name and answers after 100 ms of the given clock:
///
/// ```swift
/// let api = SignupAPI(
///   usernameAvailable: { name in
///     try await clock.sleep(for: .milliseconds(100))
///     return name.lowercased() != "octocat"
///   },
///   signup: { name, _ in .created(username: name) }
/// )
/// ```
public struct SignupAPI: Sendable {
  /// True when nobody has `username` yet. Throws when the server cannot answer.
  public var usernameAvailable: @Sendable (_ username: String) async throws -> Bool
  /// Creates the account. Throws when the server cannot answer.
  public var signup: @Sendable (_ username: String, _ password: String) async throws -> SignupOutcome

  public init(
    usernameAvailable: @escaping @Sendable (_ username: String) async throws -> Bool,
    signup: @escaping @Sendable (_ username: String, _ password: String) async throws -> SignupOutcome
  ) {
    self.usernameAvailable = usernameAvailable
    self.signup = signup
  }
}

/// How a signup request ended.
public enum SignupOutcome: Sendable, Hashable, Codable {
  /// The account exists now.
  case created(username: String)
  /// The server refused: the username is taken.
  case refused
  /// The request did not get an answer (transport error, server error).
  case failed
  /// The server refused: this client made too many signups lately; `retryAfter` says for how long,
  /// when the server said.
  case rateLimited(retryAfter: Duration?)
  /// The server is too busy to hash another password now; `retryAfter` says when to try again, when
  /// the server said.
  case serverBusy(retryAfter: Duration?)

  /// True for ``created(username:)``.
  public var isSuccess: Bool {
    if case .created = self { true } else { false }
  }
}

/// Errors a ``SignupAPI`` may throw that the screen explains; any other error is "Error contacting
/// server".
public enum SignupAPIError: Error, Sendable, Hashable {
  /// The server refuses requests for a while (GitHub's rate limit); `retryAfter` says for how long,
  /// when the server said.
  case rateLimited(retryAfter: Duration?)
  /// The server has more work in hand than it takes on (`503`); `retryAfter` says when to try
  /// again, when the server said.
  case serverBusy(retryAfter: Duration?)
}
