import AccountStore
import Logging
import PostgresDatabase
import RepositoryIndex

/// Opening the databases named by `--database` and `--index`, with a refusal that names the option when a
/// file is the wrong one.
///
/// Each store refuses a file of the other kind (or of another application) by its SQLite
/// `application_id`, before writing to it; this adds which option the file was given to and, for
/// Octoreact's other database, which option takes it.
enum DatabaseOption {
  /// The account database given to `serve --database`: a SQLite path, or a `postgres://` URL.
  ///
  /// A refusal never repeats a PostgreSQL password: the URL's errors do not, and the store names the
  /// database by its redacted URL.
  static func openAccounts(_ location: String, logger: Logger) async throws -> AccountDatabase {
    guard PostgresURL.isPostgresURL(location) else {
      do {
        return AccountDatabase(store: try AccountStore(path: location), postgres: nil)
      } catch {
        throw CommandFailure(
          message(for: "\(error)", option: "--database", isOtherDatabase: error.isOtherOctoreactDatabase))
      }
    }
    let url: PostgresURL
    do {
      url = try PostgresURL(location)
    } catch {
      throw CommandFailure("--database: \(error)")
    }
    let database = PostgresPool(url: url, logger: logger)
    do {
      return AccountDatabase(store: try await AccountStore(postgres: database), postgres: database)
    } catch {
      database.close()
      await database.waitUntilClosed()
      throw CommandFailure("--database: \(error)")
    }
  }

  /// What `--database` names, for the log: a path, or a URL without its password.
  static func loggable(_ location: String) -> String {
    guard PostgresURL.isPostgresURL(location) else { return location }
    return (try? PostgresURL(location).redacted) ?? "(an invalid PostgreSQL URL)"
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
