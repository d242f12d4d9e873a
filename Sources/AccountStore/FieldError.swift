/// What is wrong with one field of a request, in the shape of GitHub's 422 responses.
///
/// Encodes as `{"resource":"User","field":"username","code":"invalid","message":"…"}`. The codes
/// Octoreact uses are GitHub's: `missing_field` for an empty field and `invalid` for a field that
/// breaks a rule.
///
/// For example:
///
/// ```swift
/// FieldError.missingField("password", message: "Password can't be blank")
/// FieldError.invalid("username", message: "Username cannot begin with a hyphen")
/// ```
public struct FieldError: Sendable, Hashable, Codable {
  /// The kind of thing the request was about: "User" for a signup.
  public let resource: String
  /// The request field at fault: "username" or "password".
  public let field: String
  /// A GitHub error code: "missing_field" or "invalid".
  public let code: String
  /// A message for people, in English.
  public let message: String

  public init(resource: String = "User", field: String, code: String, message: String) {
    self.resource = resource
    self.field = field
    self.code = code
    self.message = message
  }

  /// The GitHub code for a required field left empty.
  public static let missingFieldCode = "missing_field"
  /// The GitHub code for a field whose value breaks a rule.
  public static let invalidCode = "invalid"

  /// A required field of a `User` was left empty.
  public static func missingField(_ field: String, message: String) -> FieldError {
    FieldError(field: field, code: missingFieldCode, message: message)
  }

  /// A field of a `User` breaks a rule.
  public static func invalid(_ field: String, message: String) -> FieldError {
    FieldError(field: field, code: invalidCode, message: message)
  }
}
