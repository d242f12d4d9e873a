import AccountRules
import AccountStore
import Testing

@Suite("AccountStore validation")
struct AccountStoreValidationTests {
  /// A malformed username, and the one rule it must break.
  static let badUsernames: [(username: String, error: SignupRuleViolation)] = [
    ("", .usernameMissing),
    ("octo_cat", .username(.invalidCharacter("_"))),
    ("octo cat", .username(.invalidCharacter(" "))),
    ("octocät", .username(.invalidCharacter("ä"))),
    ("-octocat", .username(.leadingHyphen)),
    ("octocat-", .username(.trailingHyphen)),
    ("octo--cat", .username(.consecutiveHyphens)),
    (String(repeating: "a", count: 40), .username(.tooLong(maximum: 39))),
    ("SignUp", .usernameReserved),
  ]

  /// A bad password, and the one rule it must break.
  static let badPasswords: [(password: String, error: SignupRuleViolation)] = [
    ("", .passwordMissing),
    ("abcd", .password(.tooShort(minimum: 5))),
    (String(repeating: "a", count: 73), .password(.tooLong(maximumBytes: 72))),
    // 37 characters, 74 bytes: the limit is in bytes.
    (String(repeating: "é", count: 37), .password(.tooLong(maximumBytes: 72))),
    ("hunter22\0x", .passwordContainsNUL),
  ]

  @Test(arguments: badUsernames)
  func malformedUsernameIsRefusedWithTheClientsRule(username: String, error expected: SignupRuleViolation) async throws {
    let store = try AccountStore.inMemory()
    let error = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: username, password: "hunter22")
    }
    #expect(error?.ruleViolations == [expected])
    #expect(try await store.account(named: username) == nil)
  }

  @Test(arguments: badPasswords)
  func badPasswordIsRefusedWithTheClientsRule(password: String, error expected: SignupRuleViolation) async throws {
    let store = try AccountStore.inMemory()
    let error = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "octocat", password: password)
    }
    #expect(error?.ruleViolations == [expected])
    #expect(try await store.account(named: "octocat") == nil)
  }

  @Test func everyBrokenRuleIsReported() async throws {
    let store = try AccountStore.inMemory()

    let empty = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "", password: "")
    }
    #expect(empty?.ruleViolations == [.usernameMissing, .passwordMissing])

    let invalid = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "-octocat", password: "abc")
    }
    #expect(invalid?.ruleViolations == [.username(.leadingHyphen), .password(.tooShort(minimum: 5))])
    #expect(invalid?.ruleViolations.map(\.field) == ["username", "password"])
    #expect(invalid?.isUsernameTaken == false)
  }

  @Test func signupsAtTheLimitsAreAccepted() async throws {
    let store = try AccountStore.inMemory()

    _ = try await store.createAccount(username: String(repeating: "a", count: 39), password: "abcde")
    _ = try await store.createAccount(username: "a-b-c", password: String(repeating: "p", count: 72))
    _ = try await store.createAccount(username: "x", password: String(repeating: "é", count: 36))
    _ = try await store.createAccount(username: "0-9", password: "with spaces and ünïcödé")
  }

  @Test func invalidSignupsAreRefusedBeforeAnyHashing() async throws {
    let probe = HasherProbe()
    let store = try AccountStore.inMemory(passwordHasher: probe.hasher)

    for (username, _) in Self.badUsernames {
      _ = try? await store.createAccount(username: username, password: "hunter22")
    }
    for (password, _) in Self.badPasswords {
      _ = try? await store.createAccount(username: "octocat", password: password)
    }
    #expect(probe.counts.hashes == 0)
  }

  @Test func takenNameIsRefusedBeforeHashing() async throws {
    let probe = HasherProbe()
    let store = try AccountStore.inMemory(passwordHasher: probe.hasher)
    _ = try await store.createAccount(username: "octocat", password: "hunter22")

    await #expect(throws: AccountStoreError.usernameTaken("OCTOCAT")) {
      try await store.createAccount(username: "OCTOCAT", password: "hunter22")
    }
    #expect(probe.counts.hashes == 1)
  }

  @Test func serverFollowsCustomRules() async throws {
    let store = try AccountStore.inMemory(
      usernameRules: UsernameRules(maximumLength: 8),
      passwordPolicy: PasswordPolicy(minimumLength: 8, maximumBytes: 16)
    )

    let error = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "octocat-9", password: "short")
    }
    #expect(
      error?.ruleViolations == [.username(.tooLong(maximum: 8)), .password(.tooShort(minimum: 8))]
    )
  }
}
