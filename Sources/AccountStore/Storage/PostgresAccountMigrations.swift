internal import PostgresDatabase

/// The schema of the accounts on PostgreSQL, component `accounts` of `schema_migrations`.
///
/// **Never edit a migration once it has shipped**: the database records each one's checksum and a
/// build with different SQL is refused at startup. Add a migration with the next version instead.
enum PostgresAccountMigrations {
  static let all = PostgresMigrations(
    component: "accounts",
    migrations: [
      // Logins are unique whatever their letter case, and the database enforces it, across every server:
      // the index is on lower(login). created_at is kept to the millisecond, as SQLite returns it.
      PostgresMigration(
        version: 1,
        name: "create-accounts",
        statements: [
          """
          CREATE TABLE accounts (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            login TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp())
          )
          """,
          "CREATE UNIQUE INDEX accounts_on_lower_login ON accounts (lower(login))",
        ]
      )
    ]
  )
}
