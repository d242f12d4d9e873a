internal import GRDB

/// The schema of the repository index: one named migration per change, applied in order.
///
/// **Never edit a migration once it has shipped.** Databases in the field have already run it,
/// and GRDB runs each name once, so an edit would only reach new databases. Change the schema by
/// registering a new migration after the last one ("v2-…"), and update ``Schema``, which bulk
/// imports use to rebuild the indexes and triggers (a test checks that the two agree).
enum Migrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()

    // `repository` holds one row per repository, keyed by its GitHub id (negative for a
    // repository known only by name). Its indexes serve exact and prefix name matches
    // (`repository_on_name`, in ranking order) and the popular prefix matches
    // (`repository_starred`, only repositories with stars).
    //
    // `repository_fts` indexes owner, name and description with the contents of `repository`
    // (external content): the unicode61 tokenizer splits `apple/swift-nio` and `swift_nio` into
    // words, folds case and removes diacritics. It keeps only the column of each hit
    // (detail=column: no phrase queries, which search never makes) and no document lengths
    // (columnsize=0: search ranks in Swift, not with bm25(), which would need them); prefix
    // indexes make 1 to 3 letter prefixes as cheap as whole words. Triggers keep it in step.
    //
    // `search_count` holds the number of matches of every one-word query matching thousands of
    // repositories, refreshed after each import (counting them costs milliseconds per query);
    // `index_state` numbers the imports, so that a refresh never stores counts of an old state.
    migrator.registerMigration("v1-create-repositories") { db in
      try db.execute(
        sql: """
          CREATE TABLE repository (
            id INTEGER PRIMARY KEY,
            full_name TEXT NOT NULL COLLATE NOCASE,
            owner TEXT NOT NULL COLLATE NOCASE,
            name TEXT NOT NULL COLLATE NOCASE,
            description TEXT,
            html_url TEXT,
            stargazers_count INTEGER NOT NULL DEFAULT 0,
            language TEXT
          );
          CREATE UNIQUE INDEX repository_on_full_name ON repository (full_name);
          CREATE INDEX repository_on_name ON repository (name, stargazers_count DESC, full_name);
          CREATE INDEX repository_starred ON repository (stargazers_count DESC, full_name, name)
            WHERE stargazers_count > 0;
          CREATE VIRTUAL TABLE repository_fts USING fts5(
            owner, name, description,
            content = 'repository', content_rowid = 'id',
            tokenize = "unicode61 remove_diacritics 2 separators '-_./'",
            detail = column, columnsize = 0, prefix = '1 2 3'
          );
          CREATE TRIGGER repository_fts_after_insert AFTER INSERT ON repository BEGIN
            INSERT INTO repository_fts (rowid, owner, name, description)
              VALUES (new.id, new.owner, new.name, new.description);
          END;
          CREATE TRIGGER repository_fts_after_delete AFTER DELETE ON repository BEGIN
            INSERT INTO repository_fts (repository_fts, rowid, owner, name, description)
              VALUES ('delete', old.id, old.owner, old.name, old.description);
          END;
          CREATE TRIGGER repository_fts_after_update AFTER UPDATE OF id, owner, name, description ON repository BEGIN
            INSERT INTO repository_fts (repository_fts, rowid, owner, name, description)
              VALUES ('delete', old.id, old.owner, old.name, old.description);
            INSERT INTO repository_fts (rowid, owner, name, description)
              VALUES (new.id, new.owner, new.name, new.description);
          END;
          CREATE TABLE search_count (
            prefix TEXT PRIMARY KEY,
            total INTEGER NOT NULL
          ) WITHOUT ROWID;
          CREATE TABLE index_state (
            key TEXT PRIMARY KEY,
            value INTEGER NOT NULL
          ) WITHOUT ROWID;
          """
      )
    }

    // The file says what it is (SQLite's `application_id`), so that opening it as the other Octoreact
    // database is refused (see `DatabaseKind`). A file made before this migration gets the stamp too.
    migrator.registerMigration("v2-stamp-application-id") { db in
      // 0x4F435449, "OCTI" in ASCII: `DatabaseKind.repositoryIndex.applicationID` (a test checks they agree).
      try db.execute(sql: "PRAGMA application_id = 1329812553")
    }

    // What GitHub's search items carry beyond the first columns, for qualifiers (`forks:`, `fork:`,
    // `archived:`, `topic:`), sorting (`sort=forks|updated`) and the API's full item shape. Every column
    // is NULL when unknown (a repository known only by name, or an import without the field), never 0
    // or false: a filter on a field matches only repositories whose field is known. `topics` holds the
    // topics in lower case separated by single spaces (a topic has no space); dates are GitHub's
    // ISO 8601 text (`2011-01-26T19:01:12Z`), which sorts as it reads. `repository_with_topics` lists
    // the rows that have topics, so that a word is looked for in the topics of those rows only;
    // `repository_on_language` serves `language:` (both leave out the rows of name lists, which have
    // neither, so that a name list's bulk import keeps them as they are).
    migrator.registerMigration("v3-add-repository-details") { db in
      try db.execute(
        sql: """
          ALTER TABLE repository ADD COLUMN forks_count INTEGER;
          ALTER TABLE repository ADD COLUMN topics TEXT;
          ALTER TABLE repository ADD COLUMN fork INTEGER;
          ALTER TABLE repository ADD COLUMN archived INTEGER;
          ALTER TABLE repository ADD COLUMN owner_id INTEGER;
          ALTER TABLE repository ADD COLUMN owner_type TEXT;
          ALTER TABLE repository ADD COLUMN created_at TEXT;
          ALTER TABLE repository ADD COLUMN updated_at TEXT;
          ALTER TABLE repository ADD COLUMN pushed_at TEXT;
          CREATE INDEX repository_with_topics ON repository (id, topics) WHERE topics IS NOT NULL;
          CREATE INDEX repository_on_language ON repository (language COLLATE NOCASE) WHERE language IS NOT NULL;
          """
      )
    }

    return migrator
  }
}
