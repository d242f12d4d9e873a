import AccountStore
import Foundation
import Testing

/// Racing signups of one name: one account, and one password hash for all of them.
struct AccountStoreRaceTests {
  @Test func fiftyRacingSignupsOfOneNameHashOnce() async throws {
    try await withTemporaryFolder { folder in
      let probe = HasherProbe()
      let store = try AccountStore(path: folder.databasePath, passwordHasher: probe.hasher)
      let spellings = (0..<50).map { $0.isMultiple(of: 2) ? "octocat" : "OctoCat" }

      let outcomes = await withTaskGroup(of: AccountStoreError?.self) { group in
        for spelling in spellings {
          group.addTask {
            do throws(AccountStoreError) {
              _ = try await store.createAccount(username: spelling, password: "secret-pass")
              return nil
            } catch {
              return error
            }
          }
        }
        var outcomes: [AccountStoreError?] = []
        for await outcome in group { outcomes.append(outcome) }
        return outcomes
      }

      #expect(outcomes.filter { $0 == nil }.count == 1)
      #expect(outcomes.compactMap(\.self).allSatisfy { $0.isUsernameTaken })
      #expect(probe.counts.hashes == 1)
      try store.close()
    }
  }

  @Test func aTakenNameIsRefusedWithoutHashing() async throws {
    let probe = HasherProbe()
    let store = try AccountStore.inMemory(passwordHasher: probe.hasher)
    _ = try await store.createAccount(username: "octocat", password: "secret-pass")
    #expect(probe.counts.hashes == 1)
    for spelling in ["octocat", "OCTOCAT", "OctoCat"] {
      let error = await #expect(throws: AccountStoreError.self) {
        try await store.createAccount(username: spelling, password: "another-pass")
      }
      #expect(error?.isUsernameTaken == true)
    }
    #expect(probe.counts.hashes == 1)
  }

  @Test func signupsOfDifferentNamesDoNotWaitForEachOther() async throws {
    let probe = HasherProbe()
    let store = try AccountStore.inMemory(
      passwordHasher: probe.hasher, hashingLimits: HashingLimits(maxConcurrent: 2, maxWaiting: 100))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask { _ = try await store.createAccount(username: "user\(index)", password: "secret-pass") }
      }
      try await group.waitForAll()
    }
    #expect(probe.counts.hashes == 20)
  }
}
