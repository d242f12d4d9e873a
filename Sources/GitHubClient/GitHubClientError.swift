public import Foundation

/// A failure of a ``GitHubClient`` call: a rate limit, a rejected signup, a bad status, or a network problem.
///
/// The error is a struct over a private enum, so new cases can be added without breaking callers. Compare it with
/// `==` against the static members, or switch over ``code``. Its ``description`` never contains the API token.
public struct GitHubClientError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Hashable, Sendable {
    case rateLimited(resetAt: Date?, retryAfter: Duration?)
    case usernameTaken
    case validationFailed([GitHubFieldError])
    case notFound
    case unexpectedStatus(Int, message: String?)
    case transport(String)
    case timeout
    case tooManyRedirects(url: String)
    case invalidResponse(String)
    case unimplemented(String)
    case cancelled
  }

  private let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  // MARK: - Cases

  /// GitHub's primary (`x-ratelimit-remaining: 0`) or secondary (`retry-after`) rate limit was hit.
  ///
  /// - Parameters:
  ///   - resetAt: When the primary limit resets (`x-ratelimit-reset`), if known.
  ///   - retryAfter: How long to wait, counted from when the response arrived (`retry-after`), if known.
  public static func rateLimited(resetAt: Date?, retryAfter: Duration?) -> Self {
    Self(.rateLimited(resetAt: resetAt, retryAfter: retryAfter))
  }

  /// The server refused a signup because the username exists (409 Conflict).
  public static let usernameTaken = Self(.usernameTaken)

  /// The server rejected the request's fields (422 Unprocessable Entity), with GitHub's `errors` entries.
  public static func validationFailed(_ errors: [GitHubFieldError]) -> Self {
    Self(.validationFailed(errors))
  }

  /// The endpoint does not exist where a 404 is an error, such as a signup against a server without one.
  public static let notFound = Self(.notFound)

  /// Any other non-success status, with the `message` of GitHub's JSON error body when there is one.
  public static func unexpectedStatus(_ status: Int, message: String?) -> Self {
    Self(.unexpectedStatus(status, message: message))
  }

  /// The request never got a response: connection refused, DNS, TLS, or a dropped connection.
  public static func transport(_ description: String) -> Self {
    Self(.transport(description))
  }

  /// No complete response arrived within the configured timeout.
  public static let timeout = Self(.timeout)

  /// The server kept redirecting the request to `url` (the address asked for): a loop, or more redirects than the
  /// HTTP client follows.
  public static func tooManyRedirects(url: String) -> Self {
    Self(.tooManyRedirects(url: url))
  }

  /// The response could not be read: an undecodable or oversized body.
  public static func invalidResponse(_ reason: String) -> Self {
    Self(.invalidResponse(reason))
  }

  /// The calling task was cancelled before the response arrived.
  public static let cancelled = Self(.cancelled)

  /// A client endpoint that a test did not expect to be called was called.
  public static func unimplemented(_ name: String) -> Self {
    Self(.unimplemented(name))
  }

  // MARK: - Inspecting

  /// The kind of failure without its details, for a `switch`.
  public var code: Code {
    switch kind {
    case .rateLimited: .rateLimited
    case .usernameTaken: .usernameTaken
    case .validationFailed: .validationFailed
    case .notFound: .notFound
    case .unexpectedStatus: .unexpectedStatus
    case .transport: .transport
    case .timeout: .timeout
    case .tooManyRedirects: .tooManyRedirects
    case .invalidResponse: .invalidResponse
    case .unimplemented: .unimplemented
    case .cancelled: .cancelled
    }
  }

  /// Whether this is a primary or secondary rate limit.
  public var isRateLimit: Bool {
    if case .rateLimited = kind { return true }
    return false
  }

  /// The HTTP status behind the error, when a response arrived.
  ///
  /// A rate limit reports no status because GitHub uses either 403 or 429 for it.
  public var statusCode: Int? {
    switch kind {
    case .usernameTaken: 409
    case .validationFailed: 422
    case .notFound: 404
    case .unexpectedStatus(let status, _): status
    case .rateLimited, .transport, .timeout, .tooManyRedirects, .invalidResponse, .unimplemented, .cancelled: nil
    }
  }

  /// When a primary rate limit resets (`x-ratelimit-reset`).
  public var resetAt: Date? {
    if case .rateLimited(let resetAt, _) = kind { return resetAt }
    return nil
  }

  /// How long a secondary rate limit asked to wait (`retry-after`), counted from when the response arrived.
  public var retryAfter: Duration? {
    if case .rateLimited(_, let retryAfter) = kind { return retryAfter }
    return nil
  }

  /// How long to wait from `now` before retrying a rate-limited request, or nil when the server did not say.
  ///
  /// It is the longer of ``retryAfter`` and the time left until ``resetAt``, never negative, so a UI can say
  /// "try again in N s". For example:
  ///
  /// ```swift
  /// if let delay = error.retryDelay(now: Date()) {
  ///   print("Rate limited: try again in \(delay.components.seconds) s")
  /// }
  /// ```
  public func retryDelay(now: Date) -> Duration? {
    guard case .rateLimited(let resetAt, let retryAfter) = kind else { return nil }
    let untilReset = resetAt.map { reset -> Duration in
      // Clamped before the conversion, which traps beyond Int64: a reset date can be anything (a hostile header).
      let seconds = reset.timeIntervalSince(now)
      guard seconds.isFinite else { return seconds > 0 ? Self.longestRetryDelay : .zero }
      return .milliseconds(Int64((min(max(0, seconds), Self.longestRetryDelaySeconds) * 1000).rounded(.up)))
    }
    switch (retryAfter, untilReset) {
    case (nil, nil): return nil
    case (let delay?, nil), (nil, let delay?): return max(delay, .zero)
    case (let a?, let b?): return max(a, b, .zero)
    }
  }

  /// The longest ``retryDelay(now:)``: about 8,000 years, past any real rate limit and far from Int64's end.
  static let longestRetryDelaySeconds: Double = 253_402_300_799
  static let longestRetryDelay: Duration = .seconds(253_402_300_799)

  /// The field errors of a validation failure; empty for every other error.
  public var fieldErrors: [GitHubFieldError] {
    if case .validationFailed(let errors) = kind { return errors }
    return []
  }

  /// The server's or the transport's explanation, when there is one.
  public var message: String? {
    switch kind {
    case .unexpectedStatus(_, let message): message
    case .transport(let text), .invalidResponse(let text), .unimplemented(let text): text
    case .tooManyRedirects(let url): url
    case .rateLimited, .usernameTaken, .validationFailed, .notFound, .timeout, .cancelled: nil
    }
  }

  /// A short English explanation for logs, never containing the API token.
  public var description: String {
    switch kind {
    case .rateLimited(let resetAt, let retryAfter):
      var parts = ["GitHub rate limit exceeded"]
      if let retryAfter { parts.append("retry after \(retryAfter.components.seconds) s") }
      if let resetAt { parts.append("resets at \(ISO8601.string(from: resetAt))") }
      return parts.joined(separator: "; ")
    case .usernameTaken:
      return "Username already taken (409)"
    case .validationFailed(let errors):
      guard !errors.isEmpty else { return "Validation failed (422)" }
      return "Validation failed (422): " + errors.map(\.description).joined(separator: "; ")
    case .notFound:
      return "Not found (404)"
    case .unexpectedStatus(let status, let message):
      return message.map { "Unexpected HTTP status \(status): \($0)" } ?? "Unexpected HTTP status \(status)"
    case .transport(let text):
      return "Could not reach the server: \(text)"
    case .timeout:
      return "The request timed out"
    case .tooManyRedirects(let url):
      return "Too many redirects from \(url)"
    case .invalidResponse(let reason):
      return "Invalid response: \(reason)"
    case .unimplemented(let name):
      return "Unimplemented: \(name)"
    case .cancelled:
      return "The request was cancelled"
    }
  }
}

extension GitHubClientError {
  /// The kind of a ``GitHubClientError`` without its details.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private let name: String

    private init(_ name: String) {
      self.name = name
    }

    /// See ``GitHubClientError/rateLimited(resetAt:retryAfter:)``.
    public static let rateLimited = Self("rateLimited")
    /// See ``GitHubClientError/usernameTaken``.
    public static let usernameTaken = Self("usernameTaken")
    /// See ``GitHubClientError/validationFailed(_:)``.
    public static let validationFailed = Self("validationFailed")
    /// See ``GitHubClientError/notFound``.
    public static let notFound = Self("notFound")
    /// See ``GitHubClientError/unexpectedStatus(_:message:)``.
    public static let unexpectedStatus = Self("unexpectedStatus")
    /// See ``GitHubClientError/transport(_:)``.
    public static let transport = Self("transport")
    /// See ``GitHubClientError/timeout``.
    public static let timeout = Self("timeout")
    /// See ``GitHubClientError/tooManyRedirects(url:)``.
    public static let tooManyRedirects = Self("tooManyRedirects")
    /// See ``GitHubClientError/invalidResponse(_:)``.
    public static let invalidResponse = Self("invalidResponse")
    /// See ``GitHubClientError/unimplemented(_:)``.
    public static let unimplemented = Self("unimplemented")
    /// See ``GitHubClientError/cancelled``.
    public static let cancelled = Self("cancelled")

    /// The code's name, such as `rateLimited`.
    public var description: String { name }
  }
}
