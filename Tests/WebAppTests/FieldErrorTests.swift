import AccountRules
import GitHubClient
import SignupFeature
import Testing
@testable import WebApp

/// The API's words for a broken signup rule are the Signup screen's, so a client reads what the page shows.
struct FieldErrorTests {
  static let messages = SignupMessages(.english)

  @Test(arguments: [
    (SignupRuleViolation.usernameMissing, FieldError.missingField("username", message: "Username can't be blank")),
    (.username(.leadingHyphen), .invalid("username", message: messages.username(.leadingHyphen))),
    (.usernameReserved, .invalid("username", message: messages.usernameReserved)),
    (.passwordMissing, .missingField("password", message: "Password can't be blank")),
    (.password(.tooShort(minimum: 5)), .invalid("password", message: messages.passwordTooShort(minimum: 5))),
    (.password(.tooLong(maximumBytes: 72)), .invalid("password", message: messages.passwordTooLong(maximumBytes: 72))),
    (.passwordContainsNUL, .invalid("password", message: "Password cannot contain a NUL character")),
  ])
  func aBrokenRuleReadsAsTheScreenSaysIt(_ violation: SignupRuleViolation, _ expected: FieldError) {
    #expect(FieldError(violation) == expected)
    #expect(FieldError(violation).resource == "User")
  }
}
