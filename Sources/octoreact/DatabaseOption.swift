import AccountStore
import RepositoryIndex

/// Opening the databases named by `--database` and `--index`, with a refusal that names the option when a
/// file is the wrong one.
///
/// Each store refuses a file of the other kind (or of another application) by its SQLite
/// `application_id`, before writing to it; this adds which option the file was given to and, for
/// Octoreact's other database, which option takes it.
enum DatabaseOption {
  /// The account database given to `serve --database`.
  static func openAccounts(at path: String) throws -> AccountStore {
    do {
      return try AccountStore(path: path)
    } catch {
      throw CommandFailure(
        message(for: "\(error)", option: "--database", isOtherDatabase: error.isOtherOctoreactDatabase))
    }
  }

  /// The repository index given to `option` (`serve --index`, `index import --index`, `search --index`).
  static func openIndex(at path: String, option: String = "--index") throws -> RepositoryIndex {
    do {
      return try RepositoryIndex(path: path)
    } catch {
      throw CommandFailure(message(for: "\(error)", option: option, isOtherDatabase: error.isOtherOctoreactDatabase))
    }
  }

  /// `--index: Cannot open the repository index at “a.sqlite”: it is an Octoreact account database, not an
  /// Octoreact repository index (an account database goes to serve --database)`.
  static func message(for error: String, option: String, isOtherDatabase: Bool) -> String {
    guard isOtherDatabase else { return "\(option): \(error)" }
    let hint =
      option == "--database"
      ? "a repository index goes to --index" : "an account database goes to serve --database"
    return "\(option): \(error) (\(hint))"
  }
}
