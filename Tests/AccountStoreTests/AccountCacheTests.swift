import Foundation
import Testing
@testable import AccountStore

/// The lookup cache never answers with something the database no longer holds.
@Suite("AccountStore lookup cache")
struct AccountCacheTests {
  @Test func aRememberedAbsenceEndsWhenTheAccountIsCreated() async throws {
    let store = try AccountStore.inMemory()
    #expect(try await store.account(named: "newbie") == nil)
    #expect(try await store.account(named: "NEWBIE") == nil)
    let created = try await store.createAccount(username: "NewBie", password: "secret1")
    #expect(try await store.account(named: "newbie") == created)
    #expect(try await store.account(named: "NEWBIE") == created)
  }

  @Test func aReadBegunBeforeAWriteDoesNotStoreWhatItFound() {
    let cache = AccountCache()
    let (_, version) = cache.lookup("newbie")
    let account = Account(id: 1, login: "newbie", createdAt: Date(timeIntervalSince1970: 0))
    cache.written(account, for: "newbie")
    // The slower read finished after the signup, with what it saw before it: not remembered.
    cache.store(nil, for: "newbie", readAt: version)
    #expect(cache.lookup("NewBie").known == .some(account))
  }

  @Test func aFailedWriteForgetsTheName() {
    let cache = AccountCache()
    let (_, version) = cache.lookup("newbie")
    cache.store(nil, for: "newbie", readAt: version)
    #expect(cache.lookup("newbie").known == .some(nil))
    cache.written(nil, for: "newbie")
    #expect(cache.lookup("newbie").known == nil)
  }

  @Test func concurrentSignupsOfOneNameLeaveItKnownAsTaken() async throws {
    let store = try AccountStore.inMemory()
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<6 {
        let name = index.isMultiple(of: 2) ? "race" : "RACE"
        group.addTask { (try? await store.createAccount(username: name, password: "secret1")) != nil }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1)
    #expect(try await store.account(named: "race") != nil)
  }
}
