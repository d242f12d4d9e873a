import Foundation

/// GitHub's rate-limit headers of one response, parsed; pure, so it is tested without a server.
///
/// Per GitHub's docs, a 403 or 429 is the primary rate limit when `x-ratelimit-remaining` is `0` (it resets at
/// `x-ratelimit-reset`, UTC epoch seconds), and a secondary one when it carries `retry-after` (seconds).
struct RateLimit: Hashable, Sendable {
  /// `x-ratelimit-remaining`: requests left in the current window.
  var remaining: Int?
  /// `x-ratelimit-reset`: when the window resets.
  var resetAt: Date?
  /// `retry-after` given in seconds.
  var retryAfter: Duration?
  /// `retry-after` given as an HTTP date (RFC 9110 allows it; GitHub sends seconds).
  var retryAt: Date?

  /// Parses the headers; names are matched case-insensitively and the first value of a name wins.
  init(headers: some Sequence<(name: String, value: String)>) {
    var values: [String: String] = [:]
    for (name, value) in headers {
      let key = name.lowercased()
      if values[key] == nil { values[key] = value.trimmingCharacters(in: .whitespaces) }
    }
    remaining = values["x-ratelimit-remaining"].flatMap { Int($0) }
    resetAt = values["x-ratelimit-reset"].flatMap(Self.epochDate(_:))
    if let text = values["retry-after"] {
      if let seconds = Int64(text), (0...Int64(Self.latestEpochSeconds)).contains(seconds) {
        retryAfter = .seconds(seconds)
      } else {
        retryAt = Self.httpDate(text)
      }
    }
  }

  /// The latest time a header may name, 9999-12-31T23:59:59Z in seconds since 1970, and the longest `retry-after`:
  /// a later one comes from a broken or hostile server and counts as absent, so that no arithmetic on it overflows.
  static let latestEpochSeconds: Double = 253_402_300_799

  /// How long GitHub asks to wait after a secondary rate limit that names no `retry-after`: at least one minute.
  static let secondaryLimitDefaultWait: Duration = .seconds(60)

  /// Whether the primary limit is exhausted.
  var isPrimaryLimitExhausted: Bool { remaining == 0 }

  /// Whether the server asked the client to wait (`retry-after`).
  var asksToWait: Bool { retryAfter != nil || retryAt != nil }

  /// The rate-limit error a response with this status and these headers means, or nil when it is not one.
  ///
  /// A 403 or 429 with `x-ratelimit-remaining: 0` or `retry-after` is a rate limit; so is a 429 without either.
  /// A 403 without them is a permission error, left to the caller.
  func error(status: Int) -> GitHubClientError? {
    guard status == 403 || status == 429 else { return nil }
    guard isPrimaryLimitExhausted || asksToWait || status == 429 else { return nil }
    let resets = [isPrimaryLimitExhausted ? resetAt : nil, retryAt].compactMap(\.self)
    return .rateLimited(resetAt: resets.max(), retryAfter: retryAfter)
  }

  /// Convenience for ``init(headers:)`` followed by ``error(status:)``.
  static func error(status: Int, headers: some Sequence<(name: String, value: String)>) -> GitHubClientError? {
    RateLimit(headers: headers).error(status: status)
  }

  private static func epochDate(_ text: String) -> Date? {
    guard let seconds = Double(text), (0...latestEpochSeconds).contains(seconds) else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.date(from: text)
  }
}
