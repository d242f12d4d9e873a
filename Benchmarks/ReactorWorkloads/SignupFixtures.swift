import SignupFeature

/// The prepared field values: 16 per field, built once, so the loops only pick them.
enum SignupFixtures {
  /// Well-formed names of 6 characters: all available for ``api``.
  static let usernames: [String] = (0..<16).map { index in index < 10 ? "user0\(index)" : "user\(index)" }

  /// Varied lengths: empty, too short (< 5), acceptable, and too long (> 72 bytes).
  static let passwords: [String] = [
    "p", "pa", "pas", "pass", "passw", "passwo", "password", "password1",
    "", "correct horse", "Tr0ub4dor&3", String(repeating: "x", count: 80),
    "hunter2", "abcd", "letmein!", "s3cr3t-p4ss",
  ]

  /// The passwords again, every other one mistyped, so the repeat is sometimes right, sometimes not.
  static let repeatedPasswords: [String] = passwords.enumerated().map { index, password in
    index.isMultiple(of: 2) ? password : password + "!"
  }

  /// The last username of a run: well formed but taken (7 characters), so its result, "Username
  /// already taken", appears nowhere else in the run and proves the username pipeline has drained.
  static let finalUsername = "settled"

  /// Answers at once: a name of even length is free. Signing up always succeeds.
  static let api = SignupAPI(
    usernameAvailable: { name in name.count % 2 == 0 },
    signup: { name, _ in .created(username: name) }
  )

  static let validation = ValidationService(api: api)

  /// The field an input goes to, in the order username, password, repeated password.
  enum Field { case username, password, repeatedPassword }

  /// Input `index` of a run of `count` inputs: the fields in turn, each cycling over its 16 values;
  /// the run's last username is ``finalUsername``.
  static func input(_ index: Int, of count: Int) -> (Field, String) {
    let value = (index / 3) % 16
    switch index % 3 {
    case 0:
      return (.username, index == lastIndex(of: .username, count: count) ? finalUsername : usernames[value])
    case 1: return (.password, passwords[value])
    default: return (.repeatedPassword, repeatedPasswords[value])
    }
  }

  /// The index of the last input to `field` in a run of `count` inputs.
  static func lastIndex(of field: Field, count: Int) -> Int {
    let offset =
      switch field {
      case .username: 0
      case .password: 1
      case .repeatedPassword: 2
      }
    precondition(count > offset, "a run must send every field at least once")
    return (count - 1 - offset) / 3 * 3 + offset
  }

  /// The number of inputs to `field` in a run of `count` inputs.
  static func inputCount(of field: Field, count: Int) -> Int {
    lastIndex(of: field, count: count) / 3 + 1
  }

  /// The last value sent to `field` in a run of `count` inputs.
  static func lastValue(of field: Field, count: Int) -> String {
    input(lastIndex(of: field, count: count), of: count).1
  }
}
