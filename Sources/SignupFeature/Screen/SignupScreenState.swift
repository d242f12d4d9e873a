/// What the Signup screen shows, the same whichever architecture computes it.
///
/// Front ends (the web page, the command line, tests) render this and nothing else, so the three
/// architectures are interchangeable behind ``SignupScreen``.
public struct SignupScreenState: Sendable, Hashable, CustomStringConvertible {
  public var username = ValidationResult.empty
  public var password = ValidationResult.empty
  public var repeatedPassword = ValidationResult.empty
  /// "Sign up" may be tapped.
  public var isSignupEnabled = false
  /// The activity indicator: a signup request is in flight.
  public var isSigningUp = false
  /// The signup outcome's message while its alert is shown.
  public var alert: String?

  public init() {}

  public var description: String {
    "user=\(username) pass=\(password) repeat=\(repeatedPassword) enabled=\(isSignupEnabled) "
      + "busy=\(isSigningUp) alert=\(alert ?? "-")"
  }
}
