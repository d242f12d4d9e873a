import AccountRules
import AccountStore
import Foundation
import Testing

@Suite("AccountStore errors")
struct AccountStoreErrorTests {
  @Test func pathUnderAFolderThatCannotBeCreatedIsReportedClearly() async throws {
    let path = "/proc/octoreact-\(UUID().uuidString)/accounts.sqlite"

    let error = #expect(throws: AccountStoreError.self) {
      try AccountStore(path: path, passwordHasher: .insecureFastBcryptForTesting)
    }
    #expect(error?.isCannotOpen == true)
    #expect(error?.description.hasPrefix("Cannot open the account database at “\(path)”") == true)
    #expect(error?.description.contains("cannot be created") == true)
    #if os(Linux)
      #expect(error?.description.hasSuffix("cannot be created in “/proc” (No such file or directory)") == true)
    #endif
  }

  @Test func pathWhoseParentIsAFileIsReportedClearly() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("not-a-folder")
      try Data("hello".utf8).write(to: file)

      let besideTheFile = file.appendingPathComponent("accounts.sqlite").path
      let deeperUnderTheFile = file.appendingPathComponent("a/b.sqlite").path
      for path in [besideTheFile, deeperUnderTheFile] {
        let error = #expect(throws: AccountStoreError.self) {
          try AccountStore(path: path, passwordHasher: .insecureFastBcryptForTesting)
        }
        #expect(error?.isCannotOpen == true)
        let expected = "Cannot open the account database at “\(path)”: “\(file.path)” is a file, not a folder"
        #expect(error?.description == expected)
      }
    }
  }

  @Test func fileThatIsNotADatabaseIsReportedClearly() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.databasePath
      try Data(String(repeating: "definitely not SQLite ", count: 200).utf8).write(to: URL(fileURLWithPath: path))

      let error = #expect(throws: AccountStoreError.self) {
        try AccountStore(path: path, passwordHasher: .insecureFastBcryptForTesting)
      }
      #expect(error?.isCannotOpen == true)
      #expect(error?.description.contains("not a database") == true)
    }
  }

  @Test func pathThatIsAFolderIsReportedClearly() async throws {
    try await withTemporaryFolder { folder in
      let error = #expect(throws: AccountStoreError.self) {
        try AccountStore(path: folder.path, passwordHasher: .insecureFastBcryptForTesting)
      }
      #expect(error?.isCannotOpen == true)
      #expect(error?.description.hasSuffix("it is a folder") == true)
    }
  }

  @Test(arguments: Backend.all)
  func errorsNeverContainThePassword(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      try await Self.checkErrorsNeverContainThePassword(store)
    }
  }

  private static func checkErrorsNeverContainThePassword(_ store: AccountStore) async throws {
    let secret = "Sw0rdf1sh-\(UUID().uuidString.prefix(8))"
    _ = try await store.createAccount(username: "octocat", password: secret)

    var errors: [AccountStoreError] = []
    func collect(_ attempt: () async throws -> Void) async {
      do {
        try await attempt()
        Issue.record("expected an error")
      } catch let error as AccountStoreError {
        errors.append(error)
      } catch {
        Issue.record(error, "expected an AccountStoreError")
      }
    }
    await collect { _ = try await store.createAccount(username: "OctoCat", password: secret) }
    await collect { _ = try await store.createAccount(username: "octo_cat", password: secret + secret + secret) }
    await collect { _ = try await store.createAccount(username: "", password: String(secret.prefix(3))) }
    await collect { _ = try await store.createAccount(username: "ok", password: secret + "\0") }
    try store.close()
    await collect { _ = try await store.verifyPassword(username: "octocat", password: secret) }
    await collect { _ = try await store.createAccount(username: "newcomer", password: secret) }

    #expect(errors.count == 6)
    for error in errors {
      for text in [error.description, String(reflecting: error), "\(error)", String(describing: error)] {
        #expect(!text.contains(secret))
        #expect(!text.contains(secret.prefix(3)))
        #expect(!text.contains("$2b$"))
      }
    }
  }

  @Test func aValidationFailureDescribesItsRulesWithoutThePassword() {
    let error = AccountStoreError.validationFailed([.usernameReserved, .password(.tooShort(minimum: 5))])
    #expect(error.ruleViolations.map(\.field) == ["username", "password"])
    #expect(error.description == "Validation failed: username: reserved; password: tooShort(minimum: 5)")
  }

  @Test func usernameTakenDescriptionNamesTheUsername() {
    let error = AccountStoreError.usernameTaken("octocat")
    #expect(error.isUsernameTaken)
    #expect(error.description == "Username already taken: “octocat”")
    #expect(error == .usernameTaken("octocat"))
  }
}
