internal import DatabaseFile
internal import GRDB

/// Opening a database file, with errors that say what is wrong with the location.
extension AccountStore {
  static var configuration: Configuration {
    var configuration = Configuration()
    configuration.label = "AccountStore"
    // Other processes (an import, the sqlite3 shell) may hold the write lock for a moment.
    configuration.busyMode = .timeout(5)
    // The default, stated: statement arguments (password hashes) stay out of error descriptions.
    configuration.publicStatementArguments = false
    return configuration
  }

  /// Checks the location before SQLite does, for errors that say what is wrong, then opens it.
  static func openPool(at path: String) throws(AccountStoreError) -> DatabasePool {
    do {
      return try DatabaseFile.openPool(at: path, expected: .accounts, configuration: configuration)
    } catch {
      if error.otherKind != nil { throw .otherOctoreactDatabase(path: path, reason: error.reason) }
      throw .cannotOpen(path: path, reason: error.reason)
    }
  }

  /// A description of `error` without SQL or statement arguments.
  static func reason(_ error: any Error) -> String {
    DatabaseFile.reason(error) ?? String(describing: type(of: error))
  }
}
