import AccountRules
import AccountStore
import Dispatch
import Foundation
import GRDB
import Testing

@Suite("AccountStore database")
struct AccountStoreDatabaseTests {
  @Test func accountsSurviveARestart() async throws {
    try await withTemporaryFolder { folder in
      let first = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      let created = try await first.createAccount(username: "octocat", password: "hunter22")
      try first.close()

      let second = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      #expect(try await second.account(named: "octocat") == created)
      #expect(try await second.verifyPassword(username: "octocat", password: "hunter22") == created)
      try second.close()
    }
  }

  @Test func openingCreatesMissingFolders() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("a/b/c/accounts.sqlite").path
      let store = try AccountStore(path: path, passwordHasher: .insecureFastBcryptForTesting)
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      try store.close()

      #expect(FileManager.default.fileExists(atPath: path))
    }
  }

  @Test func fileStoreUsesWriteAheadLogging() async throws {
    try await withTemporaryFolder { folder in
      let store = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      try store.close()

      let journalMode = try await DatabaseQueue(path: folder.databasePath).read { db in
        try String.fetchOne(db, sql: "PRAGMA journal_mode")
      }
      #expect(journalMode == "wal")
    }
  }

  @Test func openingTwiceMigratesOnce() async throws {
    try await withTemporaryFolder { folder in
      let first = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      _ = try await first.createAccount(username: "octocat", password: "hunter22")
      try first.close()
      let second = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      try second.close()

      let (migrations, columns, count) = try await DatabaseQueue(path: folder.databasePath).read { db in
        (
          try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
          try Row.fetchAll(db, sql: "PRAGMA table_info(accounts)").map {
            "\($0["name"] as String) \($0["type"] as String)"
          },
          try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM accounts")
        )
      }
      #expect(migrations == ["v1-create-accounts", "v2-stamp-application-id"])
      #expect(columns == ["id INTEGER", "login TEXT", "password_hash TEXT", "created_at DATETIME"])
      #expect(count == 1)
    }
  }

  @Test func uniqueIndexRefusesALoginInsertedWithSQLInAnotherCase() async throws {
    try await withTemporaryFolder { folder in
      let store = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      try store.close()

      let queue = try DatabaseQueue(path: folder.databasePath)
      let error = #expect(throws: DatabaseError.self) {
        try queue.write { db in
          try db.execute(
            sql: "INSERT INTO accounts (login, password_hash, created_at) VALUES (?, ?, CURRENT_TIMESTAMP)",
            arguments: ["OctoCat", "not-a-hash"]
          )
        }
      }
      #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE)
      try queue.close()
    }
  }

  @Test func uniqueConstraintFailureDuringSignupBecomesUsernameTaken() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.databasePath
      // While the store hashes (after its early "is the name free?" check), another writer
      // inserts the same name in another case: only the unique index can catch it.
      let probe = HasherProbe(beforeHash: {
        let queue = try? DatabaseQueue(path: path)
        try? queue?.write { db in
          try db.execute(
            sql: "INSERT INTO accounts (login, password_hash, created_at) VALUES ('OCTOCAT', 'x', CURRENT_TIMESTAMP)"
          )
        }
        try? queue?.close()
      })
      let store = try AccountStore(path: path, passwordHasher: probe.hasher)

      let error = await #expect(throws: AccountStoreError.self) {
        try await store.createAccount(username: "octocat", password: "hunter22")
      }
      #expect(error?.isUsernameTaken == true)
      #expect(probe.counts.hashes == 1)
      #expect(try await store.account(named: "octocat")?.login == "OCTOCAT")
      try store.close()
    }
  }

  @Test func passwordHashIsBcryptAtTheProductionCost() async throws {
    try await withTemporaryFolder { folder in
      let store = try AccountStore(path: folder.databasePath, passwordHasher: .bcrypt(cost: 12))
      _ = try await store.createAccount(username: "octocat", password: "hunter22")
      try store.close()

      let hash = try #require(
        try await DatabaseQueue(path: folder.databasePath).read { db in
          try String.fetchOne(db, sql: "SELECT password_hash FROM accounts")
        }
      )
      #expect(hash.hasPrefix("$2b$") || hash.hasPrefix("$2y$"))
      let cost = try #require(Int(hash.split(separator: "$")[1]))
      #expect(cost >= 12)
      #expect(!hash.contains("hunter22"))
      #expect(PasswordHasher.bcrypt(cost: 12).verify("hunter22", hash: hash))
    }
  }

  @Test func fastTestingHasherIsBcryptAtTheMinimumCost() {
    #expect(PasswordHasher.minimumProductionCost >= 12)
    let hash = PasswordHasher.insecureFastBcryptForTesting.hash("hunter22")
    #expect(hash.hasPrefix("$2b$04$") || hash.hasPrefix("$2y$04$"))
  }

  @Test(arguments: Backend.all)
  func closedStoreThrowsAStorageError(_ backend: Backend) async throws {
    try await withStore(on: backend) { (store: AccountStore) async throws in
      try store.close()

      let error = await #expect(throws: AccountStoreError.self) {
        try await store.verifyPassword(username: "octocat", password: "hunter22")
      }
      #expect(error?.isUsernameTaken == false)
      #expect(error?.isCannotOpen == false)
      #expect(error?.ruleViolations == [])
      #expect(error?.description == "Account storage failed: the account store is closed")
    }
  }

  @Test func closedInMemoryStoreThrowsAndClosingTwiceDoesNothing() async throws {
    let store = try AccountStore.inMemory()
    try store.close()
    try store.close()

    await #expect(throws: AccountStoreError.storage("the account store is closed")) {
      try await store.account(named: "octocat")
    }
    await #expect(throws: AccountStoreError.storage("the account store is closed")) {
      try await store.createAccount(username: "octocat", password: "hunter22")
    }
    await #expect(throws: AccountStoreError.storage("the account store is closed")) {
      try await store.verifyPassword(username: "octocat", password: "hunter22")
    }
  }

  @Test func closingDuringASignupLetsItFinishThenCloses() async throws {
    try await withTemporaryFolder { folder in
      let hashingStarted = DispatchSemaphore(value: 0)
      let hashingMayGoOn = DispatchSemaphore(value: 0)
      let probe = HasherProbe(beforeHash: {
        hashingStarted.signal()
        hashingMayGoOn.wait()
      })
      let store = try AccountStore(path: folder.databasePath, passwordHasher: probe.hasher)

      let signup = Task { try await store.createAccount(username: "octocat", password: "hunter22") }
      // Wait on a GCD thread, not on the cooperative pool.
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          hashingStarted.wait()
          continuation.resume()
        }
      }
      try store.close()
      hashingMayGoOn.signal()

      let created = try await signup.value
      await #expect(throws: AccountStoreError.self) { try await store.account(named: "octocat") }
      let reopened = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      #expect(try await reopened.account(named: "octocat") == created)
      try reopened.close()
    }
  }
}
