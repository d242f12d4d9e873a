import Foundation
import Synchronization

/// GitHub's search rate limit, reproduced so clients exercise their rate-limit path for real: each
/// client may make `limit` searches per window (GitHub: 10 a minute anonymous, 30 with a token).
///
/// Windows are fixed and start at a client's first request, as GitHub's do; the answer carries the
/// `x-ratelimit-*` figures GitHub sends with every search response.
final class SearchRateLimiter: Sendable {
  /// The figures of one request: the `x-ratelimit-*` headers, and whether it may proceed.
  struct Decision: Sendable, Equatable {
    let limit: Int
    let remaining: Int
    let used: Int
    /// When the window ends, in seconds since 1970 (`x-ratelimit-reset`).
    let reset: Int
    let isAllowed: Bool
  }

  private struct Window {
    var reset: Int
    var used: Int
  }

  let limit: Int
  let window: Duration
  private let windows = Mutex<[String: Window]>([:])

  init(limit: Int, window: Duration = .seconds(60)) {
    self.limit = limit
    self.window = window
  }

  /// Counts one request from `client` at `now`.
  func take(client: String, now: Date) -> Decision {
    let seconds = Int(now.timeIntervalSince1970)
    let length = max(1, Int(window.components.seconds))
    return windows.withLock { windows in
      // Forget ended windows now and then, so a scan of many addresses cannot grow the table forever.
      if windows.count > 10_000 { windows = windows.filter { $0.value.reset > seconds } }
      var current = windows[client].flatMap { $0.reset > seconds ? $0 : nil } ?? Window(reset: seconds + length, used: 0)
      let isAllowed = current.used < limit
      if isAllowed { current.used += 1 }
      windows[client] = current
      return Decision(
        limit: limit, remaining: limit - current.used, used: current.used, reset: current.reset, isAllowed: isAllowed)
    }
  }
}
