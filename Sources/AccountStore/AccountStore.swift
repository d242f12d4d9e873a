internal import DatabaseFile
internal import Foundation
internal import GRDB
internal import PostgresDatabase
public import AccountRules
internal import Synchronization

/// The accounts of Octoreact's GitHub-compatible API: unique usernames and bcrypt password
/// hashes in SQLite (the default) or PostgreSQL (several servers on one database).
///
/// A SQLite file store is a GRDB `DatabasePool` in WAL mode: lookups run in parallel with each other
/// and with the one writer. A PostgreSQL store uses a ``PostgresPool`` (see
/// `AccountStore+Postgres.swift`). The schema comes from migrations run on every open (see
/// `Storage/SQLiteMigrations.swift`, `Storage/PostgresAccountMigrations.swift`); an up-to-date
/// database is left as it is. Only the SQL differs between the two (`Storage/AccountStorage.swift`):
/// validation, hashing, claims and caching are the same code.
///
/// **Guarantees:**
/// - Usernames are unique ignoring letter case, by a `UNIQUE` index on `login COLLATE NOCASE`
///   (PostgreSQL: on `lower(login)`).
///   Two signups of "octocat" and "OctoCat" racing each other: exactly one succeeds, the other
///   throws ``AccountStoreError/usernameTaken(_:)``.
/// - The server checks the client's rules (``UsernameRules``, ``PasswordPolicy``) before doing
///   anything costly, and reports every broken rule (``SignupRuleViolation``).
/// - Passwords are hashed and verified on GCD threads, never on Swift's cooperative pool, so a
///   signup's 250 ms of bcrypt does not stall other tasks; at most ``HashingLimits/maxConcurrent``
///   at once, at most ``HashingLimits/maxWaiting`` in line, any more refused with
///   ``AccountStoreError/busy(retryAfter:)``. A password longer than ``PasswordPolicy/maximumBytes``
///   is refused, never truncated.
/// - No password or password hash appears in any error, and nothing is logged.
/// - Lookups never trust the cache across processes: an account committed through another store on
///   the same database (another server) is found by the next lookup, as a commit by this store is.
/// - A PostgreSQL database that cannot be reached makes operations throw
///   ``AccountStoreError/unavailable(_:)`` within the pool's operation timeout; they succeed again
///   once it is back.
///
/// For example:
///
/// ```swift
/// let store = try AccountStore(path: "/var/lib/octoreact/accounts.sqlite")
///
/// let account = try await store.createAccount(username: "octocat", password: "hunter22")
/// try await store.account(named: "OctoCat")                                 // account
/// try await store.verifyPassword(username: "OCTOCAT", password: "hunter22") // account
/// try await store.verifyPassword(username: "octocat", password: "wrong")    // nil
///
/// do {
///   _ = try await store.createAccount(username: "OctoCat", password: "secret")
/// } catch {
///   error.isUsernameTaken   // true
/// }
/// ```
public final class AccountStore: Sendable {
  /// The rows, in SQLite or PostgreSQL.
  private let storage: any AccountStorage
  private let passwordHasher: PasswordHasher
  /// Where hashing runs, a bounded amount at once.
  private let hashing: HashingQueue
  let usernameRules: UsernameRules
  let passwordPolicy: PasswordPolicy
  /// The hash an unknown username is checked against, made on first need (see `verifyPassword`).
  private let decoyHash = Mutex<String?>(nil)
  /// Whether the store is closed, and how many operations are using the database.
  private let lifecycle = ConnectionLifecycle()
  /// Recent lookups: accounts found, and on SQLite absences too, emptied whenever the storage reports
  /// another connection's commit.
  private let cache = AccountCache()
  /// The usernames being signed up now, one signup each.
  private let claims = NameClaims()

  /// Opens the SQLite database at `path` in WAL mode, creating its folders and file if needed,
  /// and migrates it.
  ///
  /// - Throws: ``AccountStoreError/cannotOpen(path:reason:)`` when a folder cannot be created,
  ///   the location is not writable, or the file is not a database.
  /// - Precondition: `passwordPolicy.maximumBytes` is at most what `passwordHasher` reads
  ///   (72 bytes for bcrypt).
  public convenience init(
    path: String,
    passwordHasher: PasswordHasher = .bcrypt(cost: PasswordHasher.minimumProductionCost),
    hashingLimits: HashingLimits = .standard,
    usernameRules: UsernameRules = .github,
    passwordPolicy: PasswordPolicy = .standard
  ) throws(AccountStoreError) {
    let pool = try Self.openPool(at: path)
    self.init(
      storage: try SQLiteAccountStorage(writer: pool, location: path, watchingCommits: true),
      passwordHasher: passwordHasher,
      hashingLimits: hashingLimits,
      usernameRules: usernameRules,
      passwordPolicy: passwordPolicy
    )
  }

  /// A store in memory, gone when released: for tests and benchmarks.
  ///
  /// Its hasher defaults to ``PasswordHasher/insecureFastBcryptForTesting`` (bcrypt cost 4).
  public static func inMemory(
    passwordHasher: PasswordHasher = .insecureFastBcryptForTesting,
    hashingLimits: HashingLimits = .standard,
    usernameRules: UsernameRules = .github,
    passwordPolicy: PasswordPolicy = .standard
  ) throws(AccountStoreError) -> AccountStore {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue(configuration: Self.configuration)
    } catch {
      throw .cannotOpen(path: ":memory:", reason: Self.reason(error))
    }
    return AccountStore(
      storage: try SQLiteAccountStorage(writer: queue, location: ":memory:", watchingCommits: false),
      passwordHasher: passwordHasher,
      hashingLimits: hashingLimits,
      usernameRules: usernameRules,
      passwordPolicy: passwordPolicy
    )
  }

  init(
    storage: any AccountStorage,
    passwordHasher: PasswordHasher,
    hashingLimits: HashingLimits,
    usernameRules: UsernameRules,
    passwordPolicy: PasswordPolicy
  ) {
    precondition(
      passwordPolicy.maximumBytes <= passwordHasher.maximumPasswordBytes,
      "the password policy allows longer passwords than the hasher reads: they would be truncated"
    )
    self.storage = storage
    self.passwordHasher = passwordHasher
    self.hashing = HashingQueue(hashingLimits)
    self.usernameRules = usernameRules
    self.passwordPolicy = passwordPolicy
  }

  // MARK: - Accounts

  /// The account whose login equals `login` ignoring letter case, or `nil`.
  ///
  /// **Fresh:** an account committed before this call began, through this store or any other
  /// connection to the database (another server process), is found. On SQLite, before a cached absence
  /// (or a miss) is trusted, the cache is checked against the file's data version (see `CommitWatcher`);
  /// on PostgreSQL an absence is never cached. A cached account is returned without that check:
  /// Octoreact never changes or deletes an account, and the check costs a lock round trip in SQLite
  /// (two `fcntl` calls and a statement), which on every lookup cost `GET /users/{name}` about a third
  /// of its throughput. An account deleted by hand in the database stays found by a running server
  /// until its next signup or restart.
  public func account(named login: String) async throws(AccountStoreError) -> Account? {
    try beginOperation()
    defer { endOperation() }
    if case (let account??, _) = cache.lookup(login) { return account }
    if try storage.hasChangedSinceLastCheck() { cache.removeAll() }
    // On PostgreSQL the cache holds accounts found only: a miss here always reads the database.
    let (known, version) = cache.lookup(login)
    if let known { return known }
    let account = try await storage.account(named: login)
    if account != nil || storage.cachesAbsence { cache.store(account, for: login, readAt: version) }
    return account
  }

  /// Creates an account after checking the signup rules.
  ///
  /// Cheap checks come first: the rules, then whether the name is taken. Only then is the
  /// password hashed (off the cooperative pool, in the bounded hashing queue), and the row
  /// inserted. One signup of a name at a time does this (``NameClaims``): racing signups of one
  /// name wait for the first, then find the name taken without hashing. Should another writer of
  /// the database win the race meanwhile (another server), the unique index refuses the insert and
  /// this throws ``AccountStoreError/usernameTaken(_:)`` all the same.
  ///
  /// - Throws: ``AccountStoreError/validationFailed(_:)`` listing every broken rule,
  ///   ``AccountStoreError/usernameTaken(_:)``, ``AccountStoreError/busy(retryAfter:)`` when too many
  ///   passwords are being hashed, ``AccountStoreError/unavailable(_:)`` when PostgreSQL cannot be
  ///   reached, or ``AccountStoreError/storage(_:)``.
  public func createAccount(username: String, password: String) async throws(AccountStoreError) -> Account {
    let errors = ruleViolations(username: username, password: password)
    guard errors.isEmpty else { throw .validationFailed(errors) }
    try beginOperation()
    defer { endOperation() }
    do {
      // `lowercased()` folds at least what `COLLATE NOCASE` folds (ASCII letters), so names the
      // index calls equal always share a claim; others sharing one only wait for each other.
      return try await claims.withClaim(on: username.lowercased()) {
        try await insertIfFree(username: username, password: password)
      }
    } catch {
      throw Self.translate(error)
    }
  }

  /// Checks that `username` is free, hashes `password` and inserts the row: the part of a signup
  /// done while holding the name.
  private func insertIfFree(username: String, password: String) async throws(AccountStoreError) -> Account {
    guard try await account(named: username) == nil else { throw .usernameTaken(username) }
    let passwordHash = try await hash(password)
    do {
      let account = try await storage.insert(login: username, passwordHash: passwordHash)
      cache.written(account, for: username)
      return account
    } catch {
      // Another signup of the name may have won: forget what the cache knew of it.
      cache.written(nil, for: username)
      throw error
    }
  }

  /// The account when `password` is its password, `nil` when the username is unknown or the
  /// password is wrong (the two are not told apart).
  ///
  /// An unknown username is still checked against a decoy hash, so that the answer takes as long
  /// as for a wrong password.
  public func verifyPassword(username: String, password: String) async throws(AccountStoreError) -> Account? {
    guard isVerifiable(password) else { return nil }
    try beginOperation()
    defer { endOperation() }
    guard let credentials = try await storage.credentials(named: username) else {
      _ = try await verify(password, hash: try await decoy())
      return nil
    }
    guard try await verify(password, hash: credentials.passwordHash) else { return nil }
    return credentials.account
  }

  /// Reads from the database, bypassing every cache: for a readiness probe, which must see a database
  /// that stopped answering (SQLite: its schema; PostgreSQL: `SELECT 1` through the pool).
  ///
  /// - Throws: ``AccountStoreError/storage(_:)`` when the store is closed or SQLite fails,
  ///   ``AccountStoreError/unavailable(_:)`` when PostgreSQL cannot be reached.
  public func checkReadable() async throws(AccountStoreError) {
    try beginOperation()
    defer { endOperation() }
    try await storage.checkReadable()
  }

  /// Whether the accounts live in a database other servers share (PostgreSQL) rather than this server's own file:
  /// `/readyz` then names an outage of it without failing, since every server would fail alike.
  public var isSharedDatabase: Bool { storage.isShared }

  /// The operations using the database now (lookups, signups, checks), for `/metrics`.
  public var operationsInFlight: Int { lifecycle.operationsInFlight }

  /// Closes the database. Any later call throws ``AccountStoreError/storage(_:)``; closing again
  /// does nothing.
  ///
  /// When no operation is running, the database is closed before this returns (so the file can
  /// be reopened at once). Otherwise the operations in flight finish normally and the last one
  /// closes it. A PostgreSQL store leaves its ``PostgresPool`` open: it belongs to its maker.
  public func close() throws(AccountStoreError) {
    guard lifecycle.close() else { return }
    try storage.close()
  }

  // MARK: - Private

  /// Counts an operation in, or throws when the store is closed. SQLite must not be called on a
  /// closed connection (without SQLITE_ENABLE_API_ARMOR, as on Linux, that crashes), so the
  /// connection stays open until every operation that got in has ended.
  private func beginOperation() throws(AccountStoreError) {
    guard lifecycle.begin() else { throw .storage("the account store is closed") }
  }

  private func endOperation() {
    // A deferred close has no caller left to report to; GRDB closes on deinit if this fails.
    if lifecycle.end() { try? storage.close() }
  }

  /// `password` hashed in the hashing queue.
  private func hash(_ password: String) async throws(AccountStoreError) -> String {
    do {
      return try await hashing.run { [passwordHasher] in passwordHasher.hash(password) }
    } catch {
      throw Self.translate(error)
    }
  }

  /// `password` verified against `hash` in the hashing queue.
  private func verify(_ password: String, hash: String) async throws(AccountStoreError) -> Bool {
    do {
      return try await hashing.run { [passwordHasher] in passwordHasher.verify(password, hash: hash) }
    } catch {
      throw Self.translate(error)
    }
  }

  private func decoy() async throws(AccountStoreError) -> String {
    if let hash = decoyHash.withLock({ $0 }) { return hash }
    let hash = try await hash(UUID().uuidString)
    return decoyHash.withLock { stored in
      if let stored { return stored }
      stored = hash
      return hash
    }
  }

  /// Translates any error at the store boundary (the storages translate their own).
  private static func translate(_ error: any Error) -> AccountStoreError {
    if let error = error as? AccountStoreError { return error }
    return .storage(reason(error))
  }
}
