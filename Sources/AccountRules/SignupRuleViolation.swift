/// A rule of signing up that a username or password breaks.
///
/// The Signup screen and the account store check the same rules (``UsernameRules``,
/// ``ReservedUsernames``, ``PasswordPolicy``), so the server refuses exactly what the screen does; each
/// says what is wrong in its own words (the screen's messages, the API's `422` errors).
public enum SignupRuleViolation: Sendable, Hashable, CustomStringConvertible {
  case usernameMissing
  case username(UsernameRules.Violation)
  case usernameReserved
  case passwordMissing
  case password(PasswordPolicy.Violation)
  /// bcrypt reads a C string and would silently ignore everything after a NUL.
  case passwordContainsNUL

  /// The field at fault: `username` or `password`.
  public var field: String {
    switch self {
    case .usernameMissing, .username, .usernameReserved: "username"
    case .passwordMissing, .password, .passwordContainsNUL: "password"
    }
  }

  /// For logs, in the rules' own terms: "username: reserved".
  public var description: String {
    switch self {
    case .usernameMissing, .passwordMissing: "\(field): missing"
    case .username(let violation): "username: \(violation)"
    case .usernameReserved: "username: reserved"
    case .password(let violation): "password: \(violation)"
    case .passwordContainsNUL: "password: contains NUL"
    }
  }
}
