import AccountRules
import AccountStore
import Foundation
import Testing

@Suite("AccountStore accounts")
struct AccountStoreTests {
  @Test(arguments: Backend.all)
  func createdAccountIsFoundByItsLogin(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      let created = try await store.createAccount(username: "octocat", password: "hunter22")

      #expect(created.login == "octocat")
      #expect(created.id > 0)
      #expect(try await store.account(named: "octocat") == created)
    }
  }

  @Test(arguments: Backend.all)
  func lookupIgnoresLetterCaseAndKeepsTheSignupCase(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      let created = try await store.createAccount(username: "OctoCat", password: "hunter22")

      let found = try await store.account(named: "octocat")
      #expect(found == created)
      #expect(found?.login == "OctoCat")
      #expect(try await store.account(named: "OCTOCAT") == created)
    }
  }

  @Test(arguments: Backend.all)
  func unknownLoginIsNotFound(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")

      #expect(try await store.account(named: "octodog") == nil)
      #expect(try await store.account(named: "") == nil)
    }
  }

  @Test(arguments: Backend.all)
  func signupOfATakenNameInAnotherCaseIsRefused(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")

      let error = await #expect(throws: AccountStoreError.self) {
        try await store.createAccount(username: "OctoCat", password: "another1")
      }
      #expect(error?.isUsernameTaken == true)
      #expect(error?.ruleViolations == [])
      #expect(try await store.verifyPassword(username: "octocat", password: "hunter22") != nil)
    }
  }

  @Test(arguments: Backend.all)
  func concurrentSignupsOfOneNameInSeveralCasesCreateExactlyOneAccount(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      let spellings = ["octocat", "OctoCat", "OCTOCAT", "octoCAT", "Octocat", "oCtOcAt", "octocaT", "OCTOcat"]

      let outcomes = await withTaskGroup(of: Result<Account, AccountStoreError>.self) { group in
        for spelling in spellings {
          group.addTask {
            do throws(AccountStoreError) {
              return .success(try await store.createAccount(username: spelling, password: "pass-\(spelling)"))
            } catch {
              return .failure(error)
            }
          }
        }
        var outcomes: [Result<Account, AccountStoreError>] = []
        for await outcome in group { outcomes.append(outcome) }
        return outcomes
      }

      let created = outcomes.compactMap { try? $0.get() }
      let refusals = outcomes.compactMap { outcome -> AccountStoreError? in
        if case .failure(let error) = outcome { return error }
        return nil
      }
      #expect(created.count == 1)
      #expect(refusals.count == spellings.count - 1)
      #expect(refusals.allSatisfy { $0.isUsernameTaken })
      let winner = try #require(created.first)
      #expect(try await store.account(named: "OCTOCAT") == winner)
      #expect(try await store.verifyPassword(username: "octocat", password: "pass-\(winner.login)") == winner)
    }
  }

  @Test(arguments: Backend.all)
  func rightPasswordVerifiesWhateverTheUsernameCase(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      let created = try await store.createAccount(username: "octocat", password: "hunter22")

      #expect(try await store.verifyPassword(username: "octocat", password: "hunter22") == created)
      #expect(try await store.verifyPassword(username: "OctoCat", password: "hunter22") == created)
    }
  }

  @Test(arguments: Backend.all)
  func wrongPasswordDoesNotVerify(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")

      #expect(try await store.verifyPassword(username: "octocat", password: "hunter23") == nil)
      #expect(try await store.verifyPassword(username: "octocat", password: "HUNTER22") == nil)
      #expect(try await store.verifyPassword(username: "octocat", password: "") == nil)
    }
  }

  @Test(arguments: Backend.all)
  func unknownUsernameDoesNotVerifyButStillSpendsAHashCheck(_ backend: Backend) async throws {
    let probe = HasherProbe()
    try await withStore(on: backend, passwordHasher: probe.hasher) { (store: AccountStore) async throws in
      #expect(try await store.verifyPassword(username: "nobody", password: "hunter22") == nil)
      #expect(probe.counts.verifications == 1)
    }
  }

  @Test(arguments: Backend.all)
  func passwordThatOnlySharesTheFirst72BytesDoesNotVerify(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      let password = String(repeating: "p", count: 72)
      let created = try await store.createAccount(username: "octocat", password: password)

      #expect(try await store.verifyPassword(username: "octocat", password: password) == created)
      // Bcrypt reads only 72 bytes: without the store's check, this would verify.
      #expect(try await store.verifyPassword(username: "octocat", password: password + "x") == nil)
    }
  }

  @Test(arguments: Backend.all)
  func passwordThatOnlySharesTheTextBeforeANULDoesNotVerify(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")

      // Bcrypt reads a C string: without the store's check, this would verify.
      #expect(try await store.verifyPassword(username: "octocat", password: "hunter22\0anything") == nil)
    }
  }

  @Test(arguments: Backend.all)
  func hashingAndVerifyingRunOutsideSwiftTasks(_ backend: Backend) async throws {
    let probe = HasherProbe()
    try await withStore(on: backend, passwordHasher: probe.hasher) { (store: AccountStore) async throws in
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      _ = try await store.verifyPassword(username: "octocat", password: "hunter22")
      _ = try await store.verifyPassword(username: "nobody", password: "hunter22")

      #expect(probe.counts.hashes >= 1)
      #expect(probe.counts.verifications == 2)
      #expect(probe.counts.ranInsideSwiftTask == false)
    }
  }
}
