import AccountStore
import Foundation
import GRDB
import Testing

/// Two stores on one database, as two server processes have: separate GRDB pools (separate SQLite
/// connections, which is what SQLite's data version tells apart), or separate PostgreSQL pools.
@Suite("AccountStore across connections")
struct AccountStoreCrossProcessTests {
  @Test(arguments: Backend.all)
  func anAccountCreatedThroughAnotherStoreIsFoundAtOnce(_ backend: Backend) async throws {
    try await withStores(on: backend, count: 2) { (stores: [AccountStore]) async throws in
      let (first, second) = (stores[0], stores[1])
      // The first store remembers that nobody has the name.
      #expect(try await first.account(named: "octocat") == nil)
      #expect(try await first.account(named: "octocat") == nil)

      let created = try await second.createAccount(username: "octocat", password: "hunter22")

      #expect(try await first.account(named: "OctoCat") == created)
      // And its own signup of the name is refused before hashing, not by the unique index only.
      let error = await #expect(throws: AccountStoreError.self) {
        try await first.createAccount(username: "octocat", password: "hunter22")
      }
      #expect(error?.isUsernameTaken == true)
    }
  }

  /// Octoreact never deletes an account, so a cached one is returned without checking the file (the
  /// check would cost every `GET /users/{name}` a lock round trip); the next lookup that does check (a
  /// name not cached as found) empties the cache, and the deleted account with it.
  @Test func anAccountDeletedByAnotherConnectionIsForgottenAtTheNextCheckedLookup() async throws {
    try await withTemporaryFolder { folder in
      let store = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      defer { try? store.close() }
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      #expect(try await store.account(named: "octocat") != nil)

      // An operator removes the account with another tool (the sqlite3 shell, say).
      let shell = try DatabaseQueue(path: folder.databasePath)
      try await shell.write { db in try db.execute(sql: "DELETE FROM accounts WHERE login = 'octocat'") }
      try shell.close()

      #expect(try await store.account(named: "octocat") != nil, "a cached account is trusted")
      #expect(try await store.account(named: "somebody-else") == nil)
      #expect(try await store.account(named: "octocat") == nil)
    }
  }

  @Test(arguments: Backend.all)
  func ownSignupsStayVisibleWhileAnotherStoreWrites(_ backend: Backend) async throws {
    try await withStores(on: backend, count: 2) { (stores: [AccountStore]) async throws in
      let (first, second) = (stores[0], stores[1])
      for number in 0..<5 {
        let mine = try await first.createAccount(username: "mine\(number)", password: "hunter22")
        let theirs = try await second.createAccount(username: "theirs\(number)", password: "hunter22")
        #expect(try await first.account(named: "mine\(number)") == mine)
        #expect(try await first.account(named: "theirs\(number)") == theirs)
        #expect(try await second.account(named: "mine\(number)") == mine)
      }
    }
  }
}
