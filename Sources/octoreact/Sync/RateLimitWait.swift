import Foundation
import GitHubClient

/// Whether `index sync` waits out a rate limit, and for how long: a pure function of the error, the time and how
/// often the same page was already refused, so that every branch is tested without a server or a clock.
///
/// **Bounds:** one wait is at most ``longestWait``, and a page is asked for at most ``attemptsPerPage`` times, so a
/// server that keeps answering "retry now" or "retry in a day" ends the sync with a message instead of holding it.
enum RateLimitWait: Equatable {
  /// Sleep this long (whole seconds, at least one), then ask for the same page again.
  case wait(Duration)
  /// Stop: the server asks for a wait longer than ``longestWait`` (the wait it asked for, when it said).
  case tooLong(Duration)
  /// Stop: the page was refused ``attemptsPerPage`` times in a row.
  case tooOften

  /// The longest single wait: GitHub's search limit resets every minute and its core limit every hour.
  static let longestWait: Duration = .seconds(3600)
  /// How many times one page is asked for before the sync gives up on it.
  static let attemptsPerPage = 4
  /// The wait when the server names neither `x-ratelimit-reset` nor `retry-after`: GitHub's docs say a minute.
  static let unspecifiedWait: Duration = .seconds(60)

  /// What to do after `error` refused a page already refused `refusals - 1` times before (so `refusals` ≥ 1).
  static func decide(after error: GitHubClientError, refusals: Int, now: Date) -> RateLimitWait {
    guard refusals < attemptsPerPage else { return .tooOften }
    let asked = error.retryDelay(now: now) ?? unspecifiedWait
    // Whole seconds, rounded up: resets are given to the second, and a clock a little behind the server's
    // would otherwise ask again a moment too early. A reset already past still waits a second, not zero.
    let (seconds, attoseconds) = asked.components
    let whole = Duration.seconds(max(1, attoseconds > 0 && seconds < .max ? seconds + 1 : seconds))
    return whole > longestWait ? .tooLong(whole) : .wait(whole)
  }
}
