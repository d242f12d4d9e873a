/// The current shape of the secondary indexes and triggers, which a bulk import drops before
/// loading rows and recreates afterwards (sorting once is much faster than inserting a million
/// rows into each index). Must stay equal to what the migrations create: see ``Migrations``.
enum Schema {
  /// The SQL objects a bulk import drops, in the order they are recreated (a name list keeps
  /// `repository_starred`, `repository_with_topics` and `repository_on_language`: its rows have no
  /// stars, topics or language).
  static let deferredObjects: [(kind: String, name: String, sql: String)] = [
    ("INDEX", "repository_on_full_name", "CREATE UNIQUE INDEX repository_on_full_name ON repository (full_name)"),
    (
      "INDEX", "repository_on_name",
      "CREATE INDEX repository_on_name ON repository (name, stargazers_count DESC, full_name)"
    ),
    (
      "INDEX", "repository_starred",
      """
      CREATE INDEX repository_starred ON repository (stargazers_count DESC, full_name, name)
        WHERE stargazers_count > 0
      """
    ),
    (
      "INDEX", "repository_with_topics",
      "CREATE INDEX repository_with_topics ON repository (id, topics) WHERE topics IS NOT NULL"
    ),
    (
      "INDEX", "repository_on_language",
      "CREATE INDEX repository_on_language ON repository (language COLLATE NOCASE) WHERE language IS NOT NULL"
    ),
    (
      "TRIGGER", "repository_fts_after_insert",
      """
      CREATE TRIGGER repository_fts_after_insert AFTER INSERT ON repository BEGIN
          INSERT INTO repository_fts (rowid, owner, name, description)
            VALUES (new.id, new.owner, new.name, new.description);
        END
      """
    ),
    (
      "TRIGGER", "repository_fts_after_delete",
      """
      CREATE TRIGGER repository_fts_after_delete AFTER DELETE ON repository BEGIN
          INSERT INTO repository_fts (repository_fts, rowid, owner, name, description)
            VALUES ('delete', old.id, old.owner, old.name, old.description);
        END
      """
    ),
    (
      "TRIGGER", "repository_fts_after_update",
      """
      CREATE TRIGGER repository_fts_after_update AFTER UPDATE OF id, owner, name, description ON repository BEGIN
          INSERT INTO repository_fts (repository_fts, rowid, owner, name, description)
            VALUES ('delete', old.id, old.owner, old.name, old.description);
          INSERT INTO repository_fts (rowid, owner, name, description)
            VALUES (new.id, new.owner, new.name, new.description);
        END
      """
    ),
  ]

  /// The tokenizer of `repository_fts`, for splitting queries exactly as documents were split.
  static let tokenizerComponents = ["unicode61", "remove_diacritics", "2", "separators", "-_./"]
}
