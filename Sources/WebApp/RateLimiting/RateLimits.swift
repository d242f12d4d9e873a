/// The per-client request budgets of the server, one per resource, as GitHub keeps them.
///
/// Every budget is a fixed window that starts at a client's first request (``RateLimiter`` says what a client is). The
/// API and the live pages spend the same budgets: a live username check costs what `GET /users/{name}` costs.
///
/// **Defaults** (``standard``) are chosen so that a person using the pages never meets them while an
/// enumeration script meets them within its first second.
///
/// A person typing names makes a check per pause: a few dozen in a session. A person searching makes a search per pause
/// and per page scrolled. A person signs up once; 5 a minute leaves room for retries and a family behind one address.
///
/// A live page's own messages are limited per session (``liveMessages``) to several times what the fastest typist
/// sends; beyond it they are dropped unanswered and counted. A client's connections (``connectionsPerClient``) are more
/// than any browser or office opens, far fewer than it takes to keep everyone else out.
public struct RateLimits: Sendable, Hashable {
  /// User lookups: `GET /users/{name}` and the Signup page's availability checks.
  public var core: RateLimitRule?
  /// Repository searches: `GET /search/repositories`.
  public var search: RateLimitRule?
  /// Account creation: `POST /users` and the Signup page's "Sign up".
  public var signup: RateLimitRule?
  /// The messages one live page may send; `nil`: no limit.
  public var liveMessages: TokenBucketLimit?
  /// The connections one client may have open at once (HTTP and WebSocket together); `nil`: no limit.
  public var connectionsPerClient: Int?

  /// The most clients each in-memory budget remembers (``RateLimitStateMachine`` says which it forgets).
  static let maxClients = 100_000

  /// What `serve` counts unless `--rate-limit off`: see **Defaults** above.
  public static let standard = RateLimits(
    core: RateLimitRule(limit: 300, window: .seconds(15 * 60), answer: .primary),
    search: RateLimitRule(limit: 120, window: .seconds(60), answer: .primary),
    signup: RateLimitRule(limit: 5, window: .seconds(60), answer: .secondary),
    liveMessages: TokenBucketLimit(burst: 60, perSecond: 20),
    connectionsPerClient: 256
  )

  /// `serve --rate-limit off`, for tests and benchmarks.
  public static let off = RateLimits()

  public func rule(for resource: RateLimitResource) -> RateLimitRule? {
    switch resource {
    case .core: core
    case .search: search
    case .signup: signup
    }
  }
}

/// A budget: `limit` requests per `window`, and how a request beyond it is answered.
public struct RateLimitRule: Sendable, Hashable {
  /// How a request over the budget is refused, as GitHub refuses it.
  public enum Answer: Sendable, Hashable {
    /// GitHub's primary rate limit: `403` with `x-ratelimit-remaining: 0` and `x-ratelimit-reset`.
    case primary
    /// GitHub's secondary rate limit: `429` with `retry-after` (seconds).
    case secondary
  }

  public var limit: Int
  public var window: Duration
  public var answer: Answer

  public init(limit: Int, window: Duration, answer: Answer = .primary) {
    precondition(limit >= 1, "a rate limit allows at least one request")
    precondition(
      window >= .seconds(1) && window <= .seconds(366 * 86_400), "a rate limit window lasts from 1 s to a year")
    self.limit = limit
    self.window = window
    self.answer = answer
  }

  /// At least one, as `x-ratelimit-reset` counts.
  var windowSeconds: Int {
    max(1, Int(window.components.seconds))
  }
}

/// A budget's name, sent as `x-ratelimit-resource`.
public enum RateLimitResource: String, Sendable, Hashable, CaseIterable {
  case core
  case search
  case signup
}
