import AccountStore
import DatabaseFile
import Foundation
import GRDB
import Testing

/// The account database says what it is (SQLite's `application_id`) and refuses files that are not one.
@Suite("AccountStore identity")
struct AccountStoreIdentityTests {
  @Test func aNewDatabaseIsStampedAsAnAccountDatabase() async throws {
    try await withTemporaryFolder { folder in
      try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting).close()

      let applicationID = try await DatabaseQueue(path: folder.databasePath).read { db in
        try Int32.fetchOne(db, sql: "PRAGMA application_id")
      }
      #expect(applicationID == DatabaseKind.accounts.applicationID)
      #expect(applicationID == 0x4F43_5441)
    }
  }

  @Test func aDatabaseMadeBeforeTheStampIsAdoptedAndStamped() async throws {
    try await withTemporaryFolder { folder in
      // The file as the first release left it: the v1 migration only, no application_id.
      let old = try DatabaseQueue(path: folder.databasePath)
      try await old.write { db in
        try db.execute(
          sql: """
            CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
            INSERT INTO grdb_migrations VALUES ('v1-create-accounts');
            CREATE TABLE accounts (
              id INTEGER PRIMARY KEY, login TEXT NOT NULL, password_hash TEXT NOT NULL, created_at DATETIME NOT NULL
            );
            CREATE UNIQUE INDEX accounts_on_login_nocase ON accounts (login COLLATE NOCASE);
            INSERT INTO accounts VALUES (7, 'octocat', 'x', '2024-01-01 00:00:00.000');
            """)
      }
      try old.close()

      let store = try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      #expect(try await store.account(named: "octocat")?.id == 7)
      try store.close()
      let applicationID = try await DatabaseQueue(path: folder.databasePath).read { db in
        try Int32.fetchOne(db, sql: "PRAGMA application_id")
      }
      #expect(applicationID == DatabaseKind.accounts.applicationID)
    }
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let other = try DatabaseQueue(path: folder.databasePath)
      try await other.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
      try other.close()

      let error = #expect(throws: AccountStoreError.self) {
        try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      }
      #expect(error?.isCannotOpen == true)
      #expect(error?.isOtherOctoreactDatabase == false)
      #expect(
        error?.description == "Cannot open the account database at “\(folder.databasePath)”: it is an SQLite "
          + "database of another application (tables: notes), not an Octoreact account database")

      // Refused before anything wrote to it: no WAL switch, no migration table, no stamp.
      let (journalMode, tables, applicationID) = try await DatabaseQueue(path: folder.databasePath).read { db in
        (
          try String.fetchOne(db, sql: "PRAGMA journal_mode"),
          try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
          try Int32.fetchOne(db, sql: "PRAGMA application_id")
        )
      }
      #expect(journalMode == "delete")
      #expect(tables == ["notes"])
      #expect(applicationID == 0)
    }
  }

  @Test func aDatabaseStampedByAnotherApplicationIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let other = try DatabaseQueue(path: folder.databasePath)
      try await other.write { db in try db.execute(sql: "PRAGMA application_id = 42; CREATE TABLE t (x)") }
      try other.close()

      let error = #expect(throws: AccountStoreError.self) {
        try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      }
      #expect(
        error?.description.hasSuffix("another application (application_id 42), not an Octoreact account database")
          == true)
    }
  }

  @Test func aFileThatIsNotADatabaseIsRefused() async throws {
    try await withTemporaryFolder { folder in
      try Data(String(repeating: "owner/name\n", count: 100).utf8).write(to: URL(fileURLWithPath: folder.databasePath))

      let error = #expect(throws: AccountStoreError.self) {
        try AccountStore(path: folder.databasePath, passwordHasher: .insecureFastBcryptForTesting)
      }
      #expect(error?.isCannotOpen == true)
      #expect(error?.description.contains("file is not a database") == true)
    }
  }
}
