import AccountRules
import SignupFeature
import SignupFeatureTesting
import Testing

@Suite struct UsernameRulesTests {
  @Test(arguments: ["a", "octocat", "Octo-Cat", "a1-b2-c3", "0", String(repeating: "z", count: 39)])
  func wellFormedNamesBreakNoRule(_ name: String) {
    #expect(UsernameRules.github.violation(in: name) == nil)
    #expect(UsernameRules.github.isWellFormed(name))
  }

  @Test func emptyNameBreaksNoRuleButIsNotWellFormed() {
    #expect(UsernameRules.github.violation(in: "") == nil)
    #expect(!UsernameRules.github.isWellFormed(""))
  }

  @Test(arguments: [
    ("octo_cat", UsernameRules.Violation.invalidCharacter("_")),
    ("octo cat", .invalidCharacter(" ")),
    ("zoë", .invalidCharacter("ë")),
    ("名字", .invalidCharacter("名")),
    ("-octocat", .leadingHyphen),
    ("-", .leadingHyphen),
    ("octocat-", .trailingHyphen),
    ("octo--cat", .consecutiveHyphens),
    (String(repeating: "a", count: 40), .tooLong(maximum: 39)),
  ])
  func malformedNamesReportTheRuleTheyBreak(_ name: String, _ violation: UsernameRules.Violation) {
    #expect(UsernameRules.github.violation(in: name) == violation)
  }

  @Test func maximumLengthIsConfigurable() {
    let rules = UsernameRules(maximumLength: 3)
    #expect(rules.violation(in: "abc") == nil)
    #expect(rules.violation(in: "abcd") == .tooLong(maximum: 3))
  }
}

@Suite struct PasswordPolicyTests {
  @Test func defaultMinimumIsTheExamplesFive() {
    #expect(PasswordPolicy.standard.violation(in: "abcd") == .tooShort(minimum: 5))
    #expect(PasswordPolicy.standard.violation(in: "abcde") == nil)
    #expect(PasswordPolicy.standard.violation(in: "") == nil)
  }

  @Test func maximumIsCountedInUTF8BytesSoBcryptNeverTruncates() {
    let policy = PasswordPolicy.standard
    #expect(policy.violation(in: String(repeating: "a", count: 72)) == nil)
    #expect(policy.violation(in: String(repeating: "a", count: 73)) == .tooLong(maximumBytes: 72))
    // 36 two-byte characters are 72 bytes; one more is over.
    #expect(policy.violation(in: String(repeating: "é", count: 36)) == nil)
    #expect(policy.violation(in: String(repeating: "é", count: 37)) == .tooLong(maximumBytes: 72))
  }

  @Test func minimumIsConfigurable() {
    let policy = PasswordPolicy(minimumLength: 8)
    #expect(policy.violation(in: "1234567") == .tooShort(minimum: 8))
    let service = ValidationService(api: .unimplemented(), passwordPolicy: policy)
    #expect(service.validatePassword("1234567") == .failed(message: "Password must be at least 8 characters"))
  }
}

@Suite struct SignupLanguageTests {
  @Test(arguments: [
    ("zh", Language.simplifiedChinese), ("zh-Hans", .simplifiedChinese), ("zh-CN", .simplifiedChinese),
    ("zh-hans-cn", .simplifiedChinese), ("zh-Hant", .english), ("zh-TW", .english), ("en", .english),
    ("en-GB", .english), ("fr", .english), ("", .english),
  ])
  func languageTagsChooseTheLanguage(_ tag: String, _ language: Language) {
    #expect(Language(languageTag: tag) == language)
  }

  @Test func everyMessageExistsInBothLanguages() {
    let english = SignupMessages(.english)
    let chinese = SignupMessages(.simplifiedChinese)
    let pairs: [(String, String)] = [
      (english.validating, chinese.validating), (english.usernameAvailable, chinese.usernameAvailable),
      (english.usernameTaken, chinese.usernameTaken), (english.serverError, chinese.serverError),
      (english.passwordAcceptable, chinese.passwordAcceptable), (english.passwordDifferent, chinese.passwordDifferent),
      (english.passwordTooShort(minimum: 5), chinese.passwordTooShort(minimum: 5)),
      (english.username(.leadingHyphen), chinese.username(.leadingHyphen)),
      (english.signup(.refused), chinese.signup(.refused)), (english.ok, chinese.ok),
      (english.serverBusy(retryAfter: nil), chinese.serverBusy(retryAfter: nil)),
      (english.signup(.rateLimited(retryAfter: nil)), chinese.signup(.rateLimited(retryAfter: nil))),
      (english.signup(.serverBusy(retryAfter: nil)), chinese.signup(.serverBusy(retryAfter: nil))),
    ]
    for (en, zh) in pairs {
      #expect(!en.isEmpty && !zh.isEmpty && en != zh)
    }
    #expect(english.usernameTaken == "Username already taken")
    #expect(chinese.usernameTaken == "用户名已存在")
  }
}

@Suite struct ValidationResultTests {
  @Test func onlyOkIsValid() {
    #expect(ValidationResult.ok(message: "x").isValid)
    #expect(!ValidationResult.failed(message: "x").isValid)
    #expect(!ValidationResult.validating.isValid)
    #expect(!ValidationResult.empty.isValid)
  }

  @Test func tonesFollowTheExamplesColours() {
    #expect(ValidationResult.validating.tone.cssColor == "gray")
    #expect(ValidationResult.ok(message: "x").tone == .success)
    #expect(ValidationResult.failed(message: "x").tone.cssColor == "red")
    #expect(ValidationResult.empty.tone == .neutral)
    #expect(ValidationResult.validating.text(SignupMessages()) == "validating ...")
  }
}
