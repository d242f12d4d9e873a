internal import GRDB

extension RepositoryIndex {
  /// Reads the index's schema: a constant-cost read for a readiness probe, where ``count()`` would
  /// scan the whole table on every probe.
  ///
  /// - Throws: ``RepositoryIndexError/storage(_:)`` when the index is closed or SQLite fails.
  public func checkReadable() async throws(RepositoryIndexError) {
    _ = try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") }
  }
}
