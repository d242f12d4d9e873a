public import AccountRules
public import PostgresDatabase

/// Opening a store on PostgreSQL.
extension AccountStore {
  /// A store on the PostgreSQL `database`, after applying its migrations (see
  /// `Storage/PostgresAccountMigrations.swift`; several servers starting at once migrate one at a time).
  ///
  /// **Contract:** the store uses `database` and does not own it: ``close()`` leaves it open, for its
  /// maker to close (``PostgresPool/close()``) after the store. Accounts found are cached (they never
  /// change); an absence is always read again, so an account created through another server is found
  /// at once.
  ///
  /// - Throws: ``AccountStoreError/cannotOpen(path:reason:)`` (the path being the URL without its
  ///   password) when the database cannot be reached or a shipped migration was edited.
  public convenience init(
    postgres database: PostgresPool,
    passwordHasher: PasswordHasher = .bcrypt(cost: PasswordHasher.minimumProductionCost),
    hashingLimits: HashingLimits = .standard,
    usernameRules: UsernameRules = .github,
    passwordPolicy: PasswordPolicy = .standard
  ) async throws(AccountStoreError) {
    do {
      try await database.migrate(PostgresAccountMigrations.all)
    } catch {
      throw .cannotOpen(path: database.url.redacted, reason: error.description)
    }
    self.init(
      storage: PostgresAccountStorage(database: database),
      passwordHasher: passwordHasher,
      hashingLimits: hashingLimits,
      usernameRules: usernameRules,
      passwordPolicy: passwordPolicy
    )
  }
}
