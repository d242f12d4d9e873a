internal import DatabaseFile
internal import Foundation
internal import GRDB

/// The accounts in a SQLite file (a GRDB `DatabasePool` in WAL mode) or in memory (a `DatabaseQueue`).
///
/// A unique index on `login COLLATE NOCASE` keeps logins unique ignoring ASCII case. Commits by other
/// connections to the file are noticed by a ``CommitWatcher`` (SQLite's `data_version`), so the store may
/// cache absences and empty its cache when another process commits.
final class SQLiteAccountStorage: AccountStorage {
  private let writer: any DatabaseWriter
  /// Notices commits to the file by other connections (nil in memory, where there are none).
  private let commits: CommitWatcher?

  /// Migrates `writer`, then watches the file at `location` for other connections' commits when asked.
  init(writer: any DatabaseWriter, location: String, watchingCommits: Bool) throws(AccountStoreError) {
    do {
      try SQLiteMigrations.migrator.migrate(writer)
      // Opened after the migration, so that the watcher finds the file in WAL mode.
      commits = watchingCommits ? try CommitWatcher(path: location) : nil
    } catch {
      throw .cannotOpen(path: location, reason: AccountStore.reason(error))
    }
    self.writer = writer
  }

  var cachesAbsence: Bool { true }

  var isShared: Bool { false }

  func hasChangedSinceLastCheck() throws(AccountStoreError) -> Bool {
    do {
      return try commits?.hasChangedSinceLastCheck() == true
    } catch {
      throw Self.translate(error)
    }
  }

  func account(named login: String) async throws(AccountStoreError) -> Account? {
    do {
      return try await writer.read { db in try AccountRecord.named(login).fetchOne(db)?.account }
    } catch {
      throw Self.translate(error)
    }
  }

  func credentials(named login: String) async throws(AccountStoreError) -> StoredCredentials? {
    do {
      return try await writer.read { db in
        try AccountRecord.named(login).fetchOne(db).map {
          StoredCredentials(account: $0.account, passwordHash: $0.passwordHash)
        }
      }
    } catch {
      throw Self.translate(error)
    }
  }

  func insert(login: String, passwordHash: String) async throws(AccountStoreError) -> Account {
    do {
      return try await writer.write { db in
        var record = AccountRecord(id: nil, login: login, passwordHash: passwordHash, createdAt: Date())
        try record.insert(db)
        // Read the row back so that `createdAt` is what later lookups return (milliseconds).
        guard let id = record.id, let inserted = try AccountRecord.fetchOne(db, key: id) else {
          throw AccountStoreError.storage("the new account row could not be read back")
        }
        return inserted.account
      }
    } catch {
      throw Self.translate(error, creating: login)
    }
  }

  func checkReadable() async throws(AccountStoreError) {
    do {
      _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") }
    } catch {
      throw Self.translate(error)
    }
  }

  func close() throws(AccountStoreError) {
    do {
      try commits?.close()
      try writer.close()
    } catch {
      throw Self.translate(error)
    }
  }

  /// A unique-constraint failure while creating `login` becomes ``AccountStoreError/usernameTaken(_:)``;
  /// anything else ``AccountStoreError/storage(_:)``.
  private static func translate(_ error: any Error, creating login: String? = nil) -> AccountStoreError {
    if let error = error as? AccountStoreError { return error }
    if let login, let error = error as? DatabaseError, error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      return .usernameTaken(login)
    }
    return .storage(AccountStore.reason(error))
  }
}
