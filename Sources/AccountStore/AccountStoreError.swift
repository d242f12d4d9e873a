public import AccountRules

/// An error thrown by ``AccountStore``.
///
/// An extensible struct over a private enum (like Hummingbird's `PersistError`): new kinds can be
/// added without breaking a caller's `switch`. Callers ask questions instead of matching cases:
///
/// | kind | accessor | suggested HTTP status |
/// |---|---|---|
/// | ``usernameTaken(_:)`` | ``isUsernameTaken`` | 409 |
/// | ``validationFailed(_:)`` | ``ruleViolations`` (non-empty) | 422 |
/// | ``busy(retryAfter:)`` | ``isBusy``, ``retryAfter`` | 503 with `retry-after` |
/// | ``cannotOpen(path:reason:)`` | ``isCannotOpen`` | (at startup) |
/// | ``otherOctoreactDatabase(path:reason:)`` | ``isOtherOctoreactDatabase``, ``isCannotOpen`` | (at startup) |
/// | ``unavailable(_:)`` | ``isUnavailable`` | 503 |
/// | ``storage(_:)`` | none of the above | 500 |
///
/// **No secrets:** the description names usernames, paths and database messages, never a password
/// (the database URL's included), a password hash or SQL statement arguments.
///
/// For example:
///
/// ```swift
/// do {
///   let account = try await store.createAccount(username: name, password: password)
/// } catch where error.isUsernameTaken {
///   // 409
/// } catch where !error.ruleViolations.isEmpty {
///   // 422 with error.ruleViolations
/// }
/// ```
public struct AccountStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case usernameTaken(String)
    case validationFailed([SignupRuleViolation])
    case busy(retryAfter: Duration)
    case cannotOpen(path: String, reason: String)
    case otherOctoreactDatabase(path: String, reason: String)
    case storage(String)
    case unavailable(String)
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// An account with this login, in any letter case, already exists.
  public static func usernameTaken(_ login: String) -> AccountStoreError {
    AccountStoreError(.usernameTaken(login))
  }

  /// The signup breaks the username or password rules; every broken rule is listed.
  public static func validationFailed(_ violations: [SignupRuleViolation]) -> AccountStoreError {
    AccountStoreError(.validationFailed(violations))
  }

  /// The store has more password hashing in hand than it takes on (``HashingLimits``); try again
  /// after `retryAfter`.
  public static func busy(retryAfter: Duration) -> AccountStoreError {
    AccountStoreError(.busy(retryAfter: retryAfter))
  }

  /// The database at `path` could not be created, opened or migrated.
  public static func cannotOpen(path: String, reason: String) -> AccountStoreError {
    AccountStoreError(.cannotOpen(path: path, reason: reason))
  }

  /// The database failed. `description` must not contain statement arguments.
  public static func storage(_ description: String) -> AccountStoreError {
    AccountStoreError(.storage(description))
  }

  /// The database cannot be reached now (PostgreSQL down, refusing connections, or too slow): worth
  /// retrying later. `description` must not contain a password or statement arguments.
  public static func unavailable(_ description: String) -> AccountStoreError {
    AccountStoreError(.unavailable(description))
  }

  /// True when the database cannot be reached now (``unavailable(_:)``): a `503`, not a `500`.
  public var isUnavailable: Bool {
    if case .unavailable = kind { return true }
    return false
  }

  /// The field errors of a failed validation; empty for any other error.
  public var ruleViolations: [SignupRuleViolation] {
    if case .validationFailed(let violations) = kind { return violations }
    return []
  }

  /// The file at `path` is Octoreact's other database (the repository index), refused unchanged.
  public static func otherOctoreactDatabase(path: String, reason: String) -> AccountStoreError {
    AccountStoreError(.otherOctoreactDatabase(path: path, reason: reason))
  }

  /// True when the username is already taken.
  public var isUsernameTaken: Bool {
    if case .usernameTaken = kind { return true }
    return false
  }

  /// True when the store was too busy to hash a password (``busy(retryAfter:)``).
  public var isBusy: Bool {
    if case .busy = kind { return true }
    return false
  }

  /// How long to wait before trying again, for ``busy(retryAfter:)``; `nil` otherwise.
  public var retryAfter: Duration? {
    if case .busy(let retryAfter) = kind { return retryAfter }
    return nil
  }

  /// True when the database could not be opened.
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

  public var description: String {
    switch kind {
    case .usernameTaken(let login):
      "Username already taken: “\(login)”"
    case .validationFailed(let violations):
      "Validation failed: " + violations.map(\.description).joined(separator: "; ")
    case .busy(let retryAfter):
      "Too many passwords are being hashed: try again in \(retryAfter.components.seconds + 1) s"
    case .cannotOpen(let path, let reason), .otherOctoreactDatabase(let path, let reason):
      "Cannot open the account database at “\(path)”: \(reason)"
    case .storage(let description):
      "Account storage failed: \(description)"
    case .unavailable(let description):
      "The account database is unavailable: \(description)"
    }
  }
}
