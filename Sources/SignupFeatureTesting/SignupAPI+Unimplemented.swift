public import SignupFeature
public import Testing

extension SignupAPI {
  /// An API that fails the running test on any request: the test value for tests that expect none,
  /// and the base of one that expects a few (override those closures).
  ///
  /// Each request records an issue with Swift Testing, located at the line that made the double,
  /// then throws ``UnexpectedRequest``, so the code under test ends its path as it would after a
  /// server error; the test fails either way, whatever state that path leaves behind.
  ///
  /// For example, a test of the password rules, which must not ask the server anything:
  ///
  /// ```swift
  /// let service = ValidationService(api: .unimplemented())
  /// #expect(service.validatePassword("abc") == .failed(message: "Password must be at least 5 characters"))
  /// ```
  ///
  /// or an API that answers availability and nothing else:
  ///
  /// ```swift
  /// var api = SignupAPI.unimplemented()
  /// api.usernameAvailable = { name in name != "octocat" }
  /// ```
  public static func unimplemented(sourceLocation: SourceLocation = #_sourceLocation) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { username in
        throw UnexpectedRequest.recorded("SignupAPI.usernameAvailable(\"\(username)\")", at: sourceLocation)
      },
      signup: { username, _ in
        // The password stays out of the issue: test output is a log like any other.
        throw UnexpectedRequest.recorded("SignupAPI.signup(\"\(username)\", <password>)", at: sourceLocation)
      }
    )
  }
}
