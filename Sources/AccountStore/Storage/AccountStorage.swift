/// Where an ``AccountStore`` keeps its rows: the SQL of one database engine, and nothing else.
///
/// Everything else (validation, bounded bcrypt hashing, one signup per name, the decoy hash, the cache,
/// closing) stays in `AccountStore`, shared by every engine.
///
/// **Contract:** each method translates its engine's errors into ``AccountStoreError``s without
/// statement arguments; `insert` throws ``AccountStoreError/usernameTaken(_:)`` when the database's
/// unique index on the login (ignoring case) refuses the row. `close` is called once, when no
/// operation is running.
protocol AccountStorage: Sendable {
  /// Whether "no such account" may be cached: only when ``hasChangedSinceLastCheck()`` reports every
  /// commit by another process before the cache is trusted (SQLite's `data_version`). PostgreSQL says no:
  /// an absence is always read again, so that an account created through another server is found at once.
  var cachesAbsence: Bool { get }

  /// Whether other servers share the database (PostgreSQL), so that its outage is not this server's alone.
  var isShared: Bool { get }

  /// True when another connection committed since the last call; false when it cannot tell.
  func hasChangedSinceLastCheck() throws(AccountStoreError) -> Bool

  /// The account whose login equals `login` ignoring letter case.
  func account(named login: String) async throws(AccountStoreError) -> Account?

  /// The account and its password hash, for verifying a password.
  func credentials(named login: String) async throws(AccountStoreError) -> StoredCredentials?

  /// Inserts a new account row; `createdAt` to the millisecond, as later lookups return it.
  func insert(login: String, passwordHash: String) async throws(AccountStoreError) -> Account

  /// Reads from the database itself, bypassing every cache (a readiness probe).
  func checkReadable() async throws(AccountStoreError)

  /// Releases the database.
  func close() throws(AccountStoreError)
}

/// An account with its password hash. Never leaves the module.
struct StoredCredentials: Sendable {
  var account: Account
  var passwordHash: String
}
