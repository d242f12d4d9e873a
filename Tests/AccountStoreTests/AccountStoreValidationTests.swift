import AccountStore
import SignupFeature
import Testing

@Suite("AccountStore validation")
struct AccountStoreValidationTests {
  static let messages = SignupMessages(.english)

  /// A malformed username, and the one field error it must give.
  static let badUsernames: [(username: String, error: FieldError)] = [
    ("", .missingField("username", message: "Username can't be blank")),
    ("octo_cat", .invalid("username", message: messages.username(.invalidCharacter("_")))),
    ("octo cat", .invalid("username", message: messages.username(.invalidCharacter(" ")))),
    ("octocät", .invalid("username", message: messages.username(.invalidCharacter("ä")))),
    ("-octocat", .invalid("username", message: messages.username(.leadingHyphen))),
    ("octocat-", .invalid("username", message: messages.username(.trailingHyphen))),
    ("octo--cat", .invalid("username", message: messages.username(.consecutiveHyphens))),
    (String(repeating: "a", count: 40), .invalid("username", message: messages.username(.tooLong(maximum: 39)))),
  ]

  /// A bad password, and the one field error it must give.
  static let badPasswords: [(password: String, error: FieldError)] = [
    ("", .missingField("password", message: "Password can't be blank")),
    ("abcd", .invalid("password", message: messages.passwordTooShort(minimum: 5))),
    (String(repeating: "a", count: 73), .invalid("password", message: messages.passwordTooLong(maximumBytes: 72))),
    // 37 characters, 74 bytes: the limit is in bytes.
    (String(repeating: "é", count: 37), .invalid("password", message: messages.passwordTooLong(maximumBytes: 72))),
    ("hunter22\0x", .invalid("password", message: "Password cannot contain a NUL character")),
  ]

  @Test(arguments: badUsernames)
  func malformedUsernameIsRefusedWithTheClientsMessage(username: String, error expected: FieldError) async throws {
    let store = try AccountStore.inMemory()
    let error = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: username, password: "hunter22")
    }
    #expect(error?.fieldErrors == [expected])
    #expect(try await store.account(named: username) == nil)
  }

  @Test(arguments: badPasswords)
  func badPasswordIsRefusedWithTheClientsMessage(password: String, error expected: FieldError) async throws {
    let store = try AccountStore.inMemory()
    let error = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "octocat", password: password)
    }
    #expect(error?.fieldErrors == [expected])
    #expect(try await store.account(named: "octocat") == nil)
  }

  @Test func everyBrokenRuleIsReported() async throws {
    let store = try AccountStore.inMemory()

    let empty = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "", password: "")
    }
    #expect(empty?.fieldErrors.map(\.field) == ["username", "password"])
    #expect(empty?.fieldErrors.map(\.code) == ["missing_field", "missing_field"])

    let invalid = await #expect(throws: AccountStoreError.self) {
      try await store.createAccount(username: "-octocat", password: "abc")
    }
    #expect(invalid?.fieldErrors.map(\.field) == ["username", "password"])
    #expect(invalid?.fieldErrors.map(\.code) == ["invalid", "invalid"])
    #expect(invalid?.fieldErrors.allSatisfy { $0.resource == "User" } == true)
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
      error?.fieldErrors == [
        .invalid("username", message: Self.messages.username(.tooLong(maximum: 8))),
        .invalid("password", message: Self.messages.passwordTooShort(minimum: 8)),
      ]
    )
  }
}
