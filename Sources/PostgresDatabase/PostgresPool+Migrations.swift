import PostgresNIO

extension PostgresPool {
  /// The advisory lock every migration transaction takes: any number of processes may start at once.
  /// ("OCTO" in ASCII, a key no other application on the database is likely to use.)
  static let migrationLockKey: Int64 = 0x4F43_544F

  /// Applies the migrations of `set` this database has not run yet, in order, in one transaction.
  ///
  /// **Contract:** the transaction first takes `pg_advisory_xact_lock`, so that servers starting
  /// together migrate one after another: the first applies, the others find everything applied. A
  /// version already applied whose checksum differs from this build's is refused before anything
  /// runs; a version the database has and this build does not know (a newer build ran) is left alone.
  /// Migrations may take up to `timeout`.
  ///
  /// - Returns: The versions applied now (empty when the schema was up to date).
  /// - Throws: ``PostgresDatabaseError/migrationChanged(version:name:)``,
  ///   ``PostgresDatabaseError/migrationFailed(version:name:reason:)`` (nothing applied), or
  ///   `unavailable`.
  @discardableResult
  public func migrate(
    _ set: PostgresMigrations, timeout: Duration = .seconds(60)
  ) async throws(PostgresDatabaseError) -> [Int] {
    let timeoutMilliseconds = max(1, timeout.components.seconds * 1000)
    return try await withTransaction(timeout: timeout, failsFast: false) { [logger] connection in
      _ = try await connection.query(
        PostgresQuery(unsafeSQL: "SET LOCAL statement_timeout = \(timeoutMilliseconds)"), logger: logger)
      _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", logger: logger)
      _ = try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          component TEXT NOT NULL,
          version INTEGER NOT NULL,
          name TEXT NOT NULL,
          checksum TEXT NOT NULL,
          applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
          PRIMARY KEY (component, version)
        )
        """,
        logger: logger)
      var applied: [Int: String] = [:]
      let rows = try await connection.query(
        "SELECT version, checksum FROM schema_migrations WHERE component = \(set.component)", logger: logger)
      for try await (version, checksum) in rows.decode((Int, String).self) { applied[version] = checksum }

      for migration in set.migrations {
        if let checksum = applied[migration.version], checksum != migration.checksum {
          throw PostgresDatabaseError.migrationChanged(version: migration.version, name: migration.name)
        }
      }
      var appliedNow: [Int] = []
      for migration in set.migrations where applied[migration.version] == nil {
        do {
          for statement in migration.statements {
            _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
          }
        } catch {
          throw PostgresDatabaseError.migrationFailed(
            version: migration.version, name: migration.name, reason: "\(Self.translate(error))")
        }
        _ = try await connection.query(
          """
          INSERT INTO schema_migrations (component, version, name, checksum)
          VALUES (\(set.component), \(migration.version), \(migration.name), \(migration.checksum))
          """,
          logger: logger)
        appliedNow.append(migration.version)
      }
      return appliedNow
    }
  }
}
