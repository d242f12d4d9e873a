internal import DatabaseFile
internal import GRDB

/// Opening a database file, with errors that say what is wrong with the location.
extension RepositoryIndex {
  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.label = "RepositoryIndex"
    // An import in another process holds the write lock for seconds; readers are never blocked.
    configuration.busyMode = .timeout(30)
    configuration.publicStatementArguments = false
    configuration.prepareDatabase { db in
      // Reading through a memory map saves copying pages for each FTS lookup.
      try db.execute(sql: "PRAGMA mmap_size = 268435456")
      // A bulk import grows the WAL to the size of the index; give the space back afterwards.
      try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
    }
    return configuration
  }

  /// Checks the location before SQLite does, for errors that say what is wrong, then opens it.
  static func openPool(at path: String) throws(RepositoryIndexError) -> DatabasePool {
    do {
      return try DatabaseFile.openPool(at: path, expected: .repositoryIndex, configuration: configuration)
    } catch {
      if error.otherKind != nil { throw .otherOctoreactDatabase(path: path, reason: error.reason) }
      throw .cannotOpen(path: path, reason: error.reason)
    }
  }

  /// A description of `error` without SQL or statement arguments.
  static func reason(_ error: any Error) -> String {
    DatabaseFile.reason(error) ?? String(describing: error)
  }

  /// Translates any error at the index boundary.
  static func translate(_ error: any Error) -> RepositoryIndexError {
    if let error = error as? RepositoryIndexError { return error }
    return .storage(reason(error))
  }
}
