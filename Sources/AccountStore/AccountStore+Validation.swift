internal import AccountRules

extension AccountStore {
  /// Every rule a signup breaks, username first.
  ///
  /// The rules are the Signup screen's own (``UsernameRules``, ``ReservedUsernames``,
  /// ``PasswordPolicy``), so the server accepts exactly what the screen lets through. One rule is the
  /// server's alone: a password may not contain a NUL character, because bcrypt reads a C string and
  /// would silently ignore everything after it.
  func ruleViolations(username: String, password: String) -> [SignupRuleViolation] {
    var violations: [SignupRuleViolation] = []
    if username.isEmpty {
      violations.append(.usernameMissing)
    } else if let violation = usernameRules.violation(in: username) {
      violations.append(.username(violation))
    } else if ReservedUsernames.contains(username) {
      violations.append(.usernameReserved)
    }
    if password.isEmpty {
      violations.append(.passwordMissing)
    } else if let violation = passwordPolicy.violation(in: password) {
      violations.append(.password(violation))
    } else if password.utf8.contains(0) {
      violations.append(.passwordContainsNUL)
    }
    return violations
  }

  /// True when `password` could have been accepted at signup as far as hashing goes: not empty,
  /// not longer than the policy allows (a longer one would be truncated by bcrypt and match a
  /// shorter password), no NUL. The minimum length is not checked, so that raising it later
  /// does not lock out existing accounts.
  func isVerifiable(_ password: String) -> Bool {
    !password.isEmpty && password.utf8.count <= passwordPolicy.maximumBytes && !password.utf8.contains(0)
  }
}
