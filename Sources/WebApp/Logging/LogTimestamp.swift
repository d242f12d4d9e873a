import Foundation
import Synchronization

/// The one timestamp of the server's log lines: UTC, to the millisecond, such as `2026-11-24T08:03:11.120Z`.
///
/// The second is written by ``Timestamp``, once a second: each line within that second only appends its
/// milliseconds. A request line is written per request, and formatting a date through a calendar each
/// time was a visible part of what a request costs.
final class LogTimestamp: Sendable {
  /// The second last formatted (whole seconds since 1970) and its text up to the decimal point included.
  private let cache = Mutex<(second: Int64, prefix: String)?>(nil)

  /// `date` as `2026-11-24T08:03:11.120Z`; the milliseconds are truncated.
  func text(for date: Date) -> String {
    let time = date.timeIntervalSince1970
    let second = time.rounded(.down)
    let milliseconds = Int((time - second) * 1000)
    let prefix = cache.withLock { cache in
      if let cache, cache.second == Int64(second) { return cache.prefix }
      // "2026-11-24T08:03:11Z" without its "Z": the same for every line in this second.
      let prefix = String(Timestamp.string(from: Date(timeIntervalSince1970: second)).dropLast()) + "."
      cache = (Int64(second), prefix)
      return prefix
    }
    return prefix + String(milliseconds + 1000).dropFirst() + "Z"
  }
}
