public import Foundation
public import SearchSyntax

/// Why a search request got no results: the things the Search screen tells the user apart.
///
/// The examples swallow every error into an empty list; Octoreact shows it, with a retry button
/// (design section 2). The client adapter classifies whatever its transport throws into one of these,
/// so the reactor and its messages never see HTTP details.
public enum SearchFailure: Error, Sendable, Equatable, Codable {
  /// GitHub's rate limit is exhausted (403/429). `resetsAt` is when requests are accepted again,
  /// from `x-ratelimit-reset` or `retry-after` converted to a date by the adapter; `nil` when the
  /// server did not say.
  case rateLimited(resetsAt: Date?)
  /// GitHub refused the query itself (422), with the message it gave.
  case invalidQuery(message: String)
  /// This server cannot run the query as written (an unsupported qualifier, a value a qualifier does not
  /// take, a number out of range): told in the page's language, with the part of the query at fault.
  case unsupportedQuery(SearchSyntaxError)
  /// No usable answer: a transport error, a 5xx, a timeout ("Error contacting server").
  case unavailable
  /// This server refused the query's length: blank, or longer than `maximum` characters.
  case queryLength(maximum: Int)
  /// The page asked for lies beyond the first `limit` results, all that a search returns.
  case beyondResultLimit(limit: Int)
}

extension SearchFailure {
  /// Whether asking again, unchanged, can succeed: a rate limit ends and an outage passes, but a query
  /// refused for what it says is refused again (the page then offers no "Retry", only a new query).
  public var isWorthRetrying: Bool {
    switch self {
    case .rateLimited, .unavailable: true
    case .invalidQuery, .unsupportedQuery, .queryLength, .beyondResultLimit: false
    }
  }
}
