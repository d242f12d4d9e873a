internal import GRDB

/// The schema of the SQLite account database: one named migration per change, applied in order.
///
/// **Never edit a migration once it has shipped.** Databases in the field have already run it,
/// and GRDB runs each name once, so an edit would only reach new databases. Change the schema by
/// registering a new migration after the last one ("v2-…"). Migrations are plain SQL, not app
/// types, so that each keeps meaning what it meant when it was written.
enum SQLiteMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()

    // Usernames are unique whatever their letter case, and the database enforces it: the index
    // compares with NOCASE, so "octocat" and "OctoCat" cannot both be inserted, even by two
    // signups racing past the store's early check.
    migrator.registerMigration("v1-create-accounts") { db in
      try db.execute(
        sql: """
          CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            login TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at DATETIME NOT NULL
          );
          CREATE UNIQUE INDEX accounts_on_login_nocase ON accounts (login COLLATE NOCASE);
          """
      )
    }

    // The file says what it is (SQLite's `application_id`), so that opening it as the other Octoreact
    // database is refused (see `DatabaseKind`). A file made before this migration gets the stamp too.
    migrator.registerMigration("v2-stamp-application-id") { db in
      // 0x4F435441, "OCTA" in ASCII: `DatabaseKind.accounts.applicationID` (a test checks they agree).
      try db.execute(sql: "PRAGMA application_id = 1329812545")
    }

    return migrator
  }
}
