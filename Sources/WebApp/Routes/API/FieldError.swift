import AccountRules
import GitHubClient
import SignupFeature

/// What is wrong with one field of a request, in the shape of GitHub's 422 responses:
/// `{"resource":"User","field":"username","code":"invalid","message":"…"}`, with GitHub's codes and an English message.
/// The client's type, so both read one shape; the server sets all four fields, so none is written as `null`.
typealias FieldError = GitHubFieldError

extension FieldError {
  static func missingField(_ field: String, message: String) -> FieldError {
    FieldError(resource: "User", field: field, code: "missing_field", message: message)
  }

  static func invalid(_ field: String, resource: String = "User", message: String) -> FieldError {
    FieldError(resource: resource, field: field, code: "invalid", message: message)
  }

  /// In the Signup screen's own English words, so a client reads the message the page shows.
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
