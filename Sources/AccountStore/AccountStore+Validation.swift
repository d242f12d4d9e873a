internal import SignupFeature

extension AccountStore {
  /// Every rule a signup breaks, username first, with the client's messages (English).
  ///
  /// The rules are the client's own ``UsernameRules``, ``ReservedUsernames`` and ``PasswordPolicy``,
  /// so the server accepts exactly what the Signup screen lets through. One rule is the server's
  /// alone: a password may not contain a NUL character, because bcrypt reads a C string and would
  /// silently ignore everything after it.
  func validationErrors(username: String, password: String) -> [FieldError] {
    let messages = SignupMessages(.english)
    var errors: [FieldError] = []

    if username.isEmpty {
      errors.append(.missingField("username", message: "Username can't be blank"))
    } else if let violation = usernameRules.violation(in: username) {
      errors.append(.invalid("username", message: messages.username(violation)))
    } else if ReservedUsernames.contains(username) {
      errors.append(.invalid("username", message: messages.usernameReserved))
    }

    if password.isEmpty {
      errors.append(.missingField("password", message: "Password can't be blank"))
    } else if let violation = passwordPolicy.violation(in: password) {
      let message =
        switch violation {
        case .tooShort(let minimum): messages.passwordTooShort(minimum: minimum)
        case .tooLong(let maximumBytes): messages.passwordTooLong(maximumBytes: maximumBytes)
        }
      errors.append(.invalid("password", message: message))
    } else if password.utf8.contains(0) {
      errors.append(.invalid("password", message: "Password cannot contain a NUL character"))
    }

    return errors
  }

  /// True when `password` could have been accepted at signup as far as hashing goes: not empty,
  /// not longer than the policy allows (a longer one would be truncated by bcrypt and match a
  /// shorter password), no NUL. The minimum length is not checked, so that raising it later
  /// does not lock out existing accounts.
  func isVerifiable(_ password: String) -> Bool {
    !password.isEmpty && password.utf8.count <= passwordPolicy.maximumBytes && !password.utf8.contains(0)
  }
}
