import AccountRules
import SignupFeature

/// What is wrong with one field of a request, in the shape of GitHub's 422 responses.
///
/// Written as `{"resource":"User","field":"username","code":"invalid","message":"…"}`. The codes
/// Octoreact uses are GitHub's: `missing_field` for an empty field and `invalid` for a field that
/// breaks a rule.
///
/// For example:
///
/// ```swift
/// FieldError.missingField("password", message: "Password can't be blank")
/// FieldError.invalid("username", message: "Username cannot begin with a hyphen")
/// ```
struct FieldError: Sendable, Hashable {
  /// The kind of thing the request was about: "User" for a signup.
  let resource: String
  /// The request field at fault: "username" or "password".
  let field: String
  /// A GitHub error code: "missing_field" or "invalid".
  let code: String
  /// A message for people, in English.
  let message: String

  init(resource: String = "User", field: String, code: String, message: String) {
    self.resource = resource
    self.field = field
    self.code = code
    self.message = message
  }

  /// The GitHub code for a required field left empty.
  static let missingFieldCode = "missing_field"
  /// The GitHub code for a field whose value breaks a rule.
  static let invalidCode = "invalid"

  /// A required field of a `User` was left empty.
  static func missingField(_ field: String, message: String) -> FieldError {
    FieldError(field: field, code: missingFieldCode, message: message)
  }

  /// A field of a `User` breaks a rule.
  static func invalid(_ field: String, message: String) -> FieldError {
    FieldError(field: field, code: invalidCode, message: message)
  }

  /// The API's error for a broken signup rule, in the Signup screen's own English words, so a client
  /// reads the message the page shows.
  init(_ violation: SignupRuleViolation) {
    let messages = SignupMessages(.english)
    switch violation {
    case .usernameMissing: self = .missingField("username", message: "Username can't be blank")
    case .username(let rule): self = .invalid("username", message: messages.username(rule))
    case .usernameReserved: self = .invalid("username", message: messages.usernameReserved)
    case .passwordMissing: self = .missingField("password", message: "Password can't be blank")
    case .password(.tooShort(let minimum)): self = .invalid("password", message: messages.passwordTooShort(minimum: minimum))
    case .password(.tooLong(let maximumBytes)):
      self = .invalid("password", message: messages.passwordTooLong(maximumBytes: maximumBytes))
    case .passwordContainsNUL: self = .invalid("password", message: "Password cannot contain a NUL character")
    }
  }
}
