internal import Foundation
internal import PostgresDatabase
internal import PostgresNIO

/// The accounts in a PostgreSQL database, through a ``PostgresPool``.
///
/// A unique index on `lower(login)` keeps logins unique ignoring case, in the database, across every
/// server sharing it: a signup racing one on another server gets SQLSTATE 23505, which becomes
/// ``AccountStoreError/usernameTaken(_:)``. No absence is cached (``cachesAbsence`` is false), so an
/// account created through another server is found by the next lookup; accounts found may be cached,
/// since Octoreact never changes or deletes one.
final class PostgresAccountStorage: AccountStorage {
  private let database: PostgresPool

  init(database: PostgresPool) {
    self.database = database
  }

  var cachesAbsence: Bool { false }

  var isShared: Bool { true }

  func hasChangedSinceLastCheck() throws(AccountStoreError) -> Bool { false }

  func account(named login: String) async throws(AccountStoreError) -> Account? {
    try await credentials(named: login)?.account
  }

  func credentials(named login: String) async throws(AccountStoreError) -> StoredCredentials? {
    do {
      return try await database.withConnection { [logger = database.logger] connection in
        let rows = try await connection.query(
          "SELECT id, login, password_hash, created_at FROM accounts WHERE lower(login) = lower(\(login))",
          logger: logger)
        for try await (id, login, hash, createdAt) in rows.decode((Int64, String, String, Date).self) {
          return StoredCredentials(account: Account(id: id, login: login, createdAt: createdAt), passwordHash: hash)
        }
        return nil
      }
    } catch {
      throw Self.translate(error)
    }
  }

  func insert(login: String, passwordHash: String) async throws(AccountStoreError) -> Account {
    do {
      return try await database.withConnection { [logger = database.logger] connection in
        let rows = try await connection.query(
          """
          INSERT INTO accounts (login, password_hash) VALUES (\(login), \(passwordHash))
          RETURNING id, login, created_at
          """,
          logger: logger)
        for try await (id, login, createdAt) in rows.decode((Int64, String, Date).self) {
          return Account(id: id, login: login, createdAt: createdAt)
        }
        throw AccountStoreError.storage("the new account row could not be read back")
      }
    } catch {
      if error.isUniqueViolation { throw .usernameTaken(login) }
      throw Self.translate(error)
    }
  }

  func checkReadable() async throws(AccountStoreError) {
    do {
      try await database.ping()
    } catch {
      throw Self.translate(error)
    }
  }

  /// The database belongs to whoever made it (it may serve other stores): closing the store leaves it open.
  func close() throws(AccountStoreError) {}

  static func translate(_ error: PostgresDatabaseError) -> AccountStoreError {
    error.isUnavailable ? .unavailable("PostgreSQL: " + error.reason) : .storage(error.description)
  }
}
