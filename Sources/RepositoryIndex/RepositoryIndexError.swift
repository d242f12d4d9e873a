/// An error thrown by ``RepositoryIndex``.
///
/// An extensible struct over a private enum (like Hummingbird's `PersistError`): new kinds can be
/// added without breaking a caller's `switch`. Callers ask questions instead of matching cases:
///
/// | kind | accessor | when |
/// |---|---|---|
/// | ``cannotOpen(path:reason:)`` | ``isCannotOpen`` | opening the index (unwritable folder, not a database, …) |
/// | ``otherOctoreactDatabase(path:reason:)`` | ``isOtherOctoreactDatabase``, ``isCannotOpen`` | an account database |
/// | ``cannotRead(file:reason:)`` | ``isCannotRead`` | importing a file that is missing or unreadable |
/// | ``storage(_:)`` | none of the above | SQLite failed, or the index is closed |
///
/// Lines that cannot be imported are not errors: they are ``ImportIssue``s in the ``ImportReport``.
///
/// **No statement arguments:** descriptions name paths and SQLite messages, never SQL arguments.
public struct RepositoryIndexError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case cannotOpen(path: String, reason: String)
    case otherOctoreactDatabase(path: String, reason: String)
    case cannotRead(file: String, reason: String)
    case storage(String)
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The index database at `path` could not be created, opened or migrated.
  public static func cannotOpen(path: String, reason: String) -> RepositoryIndexError {
    RepositoryIndexError(.cannotOpen(path: path, reason: reason))
  }

  /// The file to import could not be read.
  public static func cannotRead(file: String, reason: String) -> RepositoryIndexError {
    RepositoryIndexError(.cannotRead(file: file, reason: reason))
  }

  /// The database failed, or the index is closed.
  public static func storage(_ description: String) -> RepositoryIndexError {
    RepositoryIndexError(.storage(description))
  }

  /// The file at `path` is Octoreact's other database (the account database), refused unchanged.
  public static func otherOctoreactDatabase(path: String, reason: String) -> RepositoryIndexError {
    RepositoryIndexError(.otherOctoreactDatabase(path: path, reason: reason))
  }

  /// True when the index database could not be opened.
  public var isCannotOpen: Bool {
    switch kind {
    case .cannotOpen, .otherOctoreactDatabase: true
    default: false
    }
  }

  /// True when the file is Octoreact's other database: the command line then names the option that takes it.
  public var isOtherOctoreactDatabase: Bool {
    if case .otherOctoreactDatabase = kind { return true }
    return false
  }

  /// True when the file to import could not be read.
  public var isCannotRead: Bool {
    if case .cannotRead = kind { return true }
    return false
  }

  public var description: String {
    switch kind {
    case .cannotOpen(let path, let reason), .otherOctoreactDatabase(let path, let reason):
      "Cannot open the repository index at “\(path)”: \(reason)"
    case .cannotRead(let file, let reason):
      "Cannot read “\(file)”: \(reason)"
    case .storage(let description):
      "Repository index failed: \(description)"
    }
  }
}
