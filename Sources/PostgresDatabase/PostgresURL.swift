import Foundation

/// A PostgreSQL connection URL, `postgres://user:password@host:port/database?sslmode=…`, checked.
///
/// Both schemes libpq accepts are taken (`postgres://`, `postgresql://`). The user name, password and
/// database are percent-decoded; the port defaults to 5432 and must be 1–65535; the database defaults
/// to the user name, as in libpq; the only query parameter taken is `sslmode`, one of `disable`,
/// `prefer` (the default) or `require`. Anything else is refused with a ``PostgresDatabaseError``.
///
/// **No secrets:** neither the errors nor ``description`` ever contain the password; ``redacted`` is the
/// URL to log, with `***` in its place.
///
/// For example:
///
/// ```swift
/// let url = try PostgresURL("postgres://octoreact:s%40cret@127.0.0.1:5432/accounts")
/// url.password   // "s@cret"
/// url.redacted   // "postgres://octoreact:***@127.0.0.1:5432/accounts"
/// ```
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
  /// How the connection uses TLS.
  public enum SSLMode: String, Sendable, Hashable, CaseIterable {
    /// Never TLS.
    case disable
    /// TLS when the server offers it, its certificate unchecked (libpq's default).
    case prefer
    /// TLS with a certificate valid for the host (system CAs), or no connection.
    case require
  }

  public var user: String
  public var password: String?
  public var host: String
  public var port: Int
  public var database: String
  public var sslMode: SSLMode

  public init(
    user: String, password: String?, host: String, port: Int = 5432, database: String, sslMode: SSLMode = .prefer
  ) {
    self.user = user
    self.password = password
    self.host = host
    self.port = port
    self.database = database
    self.sslMode = sslMode
  }

  /// True when `string` is meant as a PostgreSQL URL (its scheme), whether or not it is a valid one.
  public static func isPostgresURL(_ string: String) -> Bool {
    let lowercased = string.lowercased()
    return lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://")
  }

  /// Parses `string`.
  ///
  /// - Throws: ``PostgresDatabaseError`` saying which part is wrong, without repeating the password.
  public init(_ string: String) throws(PostgresDatabaseError) {
    guard Self.isPostgresURL(string) else {
      throw .invalidURL("it must start with postgres:// or postgresql://")
    }
    // Checked on the text itself: Foundation may quietly escape a stray `%` rather than refuse it.
    guard Self.isPercentEncoding(string) else {
      throw .invalidURL("it is not valid percent-encoding (a “%” must start an escape such as %40)")
    }
    guard let components = URLComponents(string: string) else {
      throw .invalidURL(
        "it is not a valid URL (characters such as @ : / ? # in the user name or password must be percent-encoded)")
    }
    guard let user = components.user, !user.isEmpty else {
      throw .invalidURL("it names no user (postgres://user:password@host:port/database)")
    }
    guard let host = components.host, !host.isEmpty else { throw .invalidURL("it names no host") }
    let port = components.port ?? 5432
    guard (1...65_535).contains(port) else { throw .invalidURL("the port must be between 1 and 65535") }
    guard components.fragment == nil else { throw .invalidURL("a fragment (#…) is not taken") }
    var path = components.path
    if path.hasPrefix("/") { path.removeFirst() }
    guard !path.contains("/") else { throw .invalidURL("the database name must not contain “/”") }
    var sslMode = SSLMode.prefer
    for item in components.queryItems ?? [] {
      guard item.name == "sslmode" else {
        // Named, unless it holds the password (typed in the wrong place).
        let holdsPassword = components.password.map { !$0.isEmpty && item.name.contains($0) } == true
        let name = holdsPassword ? "?" : Self.bounded(item.name)
        throw .invalidURL("the parameter “\(name)” is not taken (only sslmode is)")
      }
      guard let value = item.value, let mode = SSLMode(rawValue: value) else {
        throw .invalidURL("sslmode must be disable, prefer or require")
      }
      sslMode = mode
    }
    // The host of `[::1]` comes back bracketed on some Foundations: the socket needs the bare address.
    let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    self.init(
      user: user, password: components.password, host: bareHost, port: port, database: path.isEmpty ? user : path,
      sslMode: sslMode)
  }

  /// The URL with `***` for the password: what logs and error messages may show.
  public var redacted: String {
    var components = URLComponents()
    components.scheme = "postgres"
    components.user = user
    components.host = host.contains(":") ? "[\(host)]" : host
    components.port = port
    components.path = "/" + database
    let text = components.string ?? "postgres://\(host):\(port)/\(database)"
    guard password != nil, let at = text.firstIndex(of: "@") else { return sslSuffix(text) }
    return sslSuffix(text[..<at] + ":***" + text[at...])
  }

  public var description: String { redacted }

  private func sslSuffix(_ text: String) -> String {
    sslMode == .prefer ? text : text + "?sslmode=\(sslMode.rawValue)"
  }

  /// True when every `%` in `text` starts a `%XX` escape of two hex digits.
  private static func isPercentEncoding(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
        index += 3
      } else {
        index += 1
      }
    }
    return true
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
      UInt8(ascii: "A")...UInt8(ascii: "F"):
      true
    default:
      false
    }
  }

  /// At most 40 characters of something a person typed, for an error message.
  private static func bounded(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
