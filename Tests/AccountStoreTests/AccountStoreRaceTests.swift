import AccountStore
import Foundation
import Testing

/// Racing signups of one name: one account, and one password hash for all of them.
struct AccountStoreRaceTests {
  @Test(arguments: Backend.all)
  func fiftyRacingSignupsOfOneNameHashOnce(_ backend: Backend) async throws {
    let probe = HasherProbe()
    try await withStore(on: backend, passwordHasher: probe.hasher) { (store: AccountStore) async throws in
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
    }
  }

  @Test(arguments: Backend.all)
  func aTakenNameIsRefusedWithoutHashing(_ backend: Backend) async throws {
    let probe = HasherProbe()
    try await withStore(on: backend, passwordHasher: probe.hasher) { (store: AccountStore) async throws in
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
  }

  /// Two servers on one database: the name's claim is per process, so the database's unique index
  /// decides: exactly one account, the other signups refused as taken.
  @Test(arguments: Backend.all)
  func racingSignupsOfOneNameThroughTwoStoresCreateExactlyOneAccount(_ backend: Backend) async throws {
    try await withStores(on: backend, count: 2) { (stores: [AccountStore]) async throws in
      let outcomes = await withTaskGroup(of: AccountStoreError?.self) { group in
        for index in 0..<20 {
          let store = stores[index % 2]
          group.addTask {
            do throws(AccountStoreError) {
              let name = index.isMultiple(of: 3) ? "OctoCat" : "octocat"
              _ = try await store.createAccount(username: name, password: "secret-pass")
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
      let first = try await stores[0].account(named: "octocat")
      #expect(first != nil)
      #expect(try await stores[1].account(named: "OCTOCAT") == first)
    }
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
