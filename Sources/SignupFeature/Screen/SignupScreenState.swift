/// What the Signup screen shows, the same whichever architecture computes it.
///
/// Front ends (the web page, the command line, tests) render this and nothing else, so the four
/// architectures are interchangeable behind ``SignupScreen``.
public struct SignupScreenState: Sendable, Hashable, Codable, CustomStringConvertible {
  public var username = ValidationResult.empty
  public var password = ValidationResult.empty
  public var repeatedPassword = ValidationResult.empty
  /// "Sign up" may be tapped.
  public var isSignupEnabled = false
  /// A signup request is in flight: the inline spinner and the HUD.
  public var isSigningUp = false
  /// A username availability check is in flight.
  public var isCheckingUsername = false
  /// Any request of the screen is in flight (a check or the signup): the network activity indicator.
  public var isNetworkActive = false
  /// The signup outcome's message while its alert is shown.
  public var alert: String?
  /// The login of the account just created, once its alert is answered: the front end goes to that
  /// account's page.
  public var accountToOpen: String?

  public init() {}

  public var description: String {
    "user=\(username) pass=\(password) repeat=\(repeatedPassword) enabled=\(isSignupEnabled) "
      + "busy=\(isSigningUp) checking=\(isCheckingUsername) network=\(isNetworkActive) alert=\(alert ?? "-") "
      + "open=\(accountToOpen ?? "-")"
  }
}
