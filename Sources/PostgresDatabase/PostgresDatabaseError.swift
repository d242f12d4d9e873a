/// An error of ``PostgresPool`` or ``PostgresURL``.
///
/// An extensible struct over a private enum, like `AccountStoreError`: callers ask ``isUnavailable``
/// rather than match cases.
///
/// **No secrets:** descriptions name the URL's parts, SQLSTATE codes and the server's messages, never
/// a password or a statement's arguments.
public struct PostgresDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case invalidURL(String)
    case unavailable(String)
    case uniqueViolation(constraint: String?)
    case server(sqlState: String, message: String)
    case migrationChanged(version: Int, name: String)
    case migrationFailed(version: Int, name: String, reason: String)
    case closed
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The database URL is malformed; `reason` says which part, never repeating the password.
  public static func invalidURL(_ reason: String) -> Self { Self(.invalidURL(reason)) }

  /// The database cannot be reached now (refused, closed, timed out, shutting down): worth retrying later.
  public static func unavailable(_ reason: String) -> Self { Self(.unavailable(reason)) }

  /// A unique index refused a row (SQLSTATE 23505).
  public static func uniqueViolation(constraint: String?) -> Self { Self(.uniqueViolation(constraint: constraint)) }

  /// The server refused a statement.
  public static func server(sqlState: String, message: String) -> Self {
    Self(.server(sqlState: sqlState, message: message))
  }

  /// A migration this database already ran has different SQL in this build.
  public static func migrationChanged(version: Int, name: String) -> Self {
    Self(.migrationChanged(version: version, name: name))
  }

  /// A migration failed to apply.
  public static func migrationFailed(version: Int, name: String, reason: String) -> Self {
    Self(.migrationFailed(version: version, name: name, reason: reason))
  }

  /// The database was closed.
  public static var closed: Self { Self(.closed) }

  /// True when the database cannot be reached now (or was closed): a `503`, not a `500`.
  public var isUnavailable: Bool {
    switch kind {
    case .unavailable, .closed: true
    default: false
    }
  }

  /// True for a unique violation (SQLSTATE 23505).
  public var isUniqueViolation: Bool {
    if case .uniqueViolation = kind { return true }
    return false
  }

  /// True when a shipped migration's SQL was edited.
  public var isMigrationChanged: Bool {
    if case .migrationChanged = kind { return true }
    return false
  }

  /// What happened, without the "unavailable" prefix of ``description``: for callers that say so themselves.
  public var reason: String {
    switch kind {
    case .unavailable(let reason): reason
    case .closed: "the connection pool is closed"
    default: description
    }
  }

  public var description: String {
    switch kind {
    case .invalidURL(let reason):
      "Invalid PostgreSQL URL: \(reason)"
    case .unavailable(let reason):
      "The PostgreSQL database is unavailable: \(reason)"
    case .uniqueViolation(let constraint):
      "A unique index refused the row" + (constraint.map { " (\($0))" } ?? "")
    case .server(let sqlState, let message):
      "PostgreSQL refused a statement: \(message) (SQLSTATE \(sqlState))"
    case .migrationChanged(let version, let name):
      "Migration \(version) “\(name)” was changed after this database ran it: a shipped migration must never be "
        + "edited; add a new migration instead (or restore the shipped SQL)"
    case .migrationFailed(let version, let name, let reason):
      "Migration \(version) “\(name)” failed: \(reason)"
    case .closed:
      "The PostgreSQL database is closed"
    }
  }
}
