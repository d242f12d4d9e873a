/// A limit of so many events per interval, such as 20 refused messages a minute.
///
/// **Windows** are fixed: one starts at the first event after the previous window ended and lasts
/// `interval` (as GitHub's rate-limit windows do), so at most `count` events are allowed in it.
public struct WindowLimit: Sendable, Hashable, CustomStringConvertible {
  /// The events allowed per window; at least 1.
  public var count: Int
  /// The length of a window; more than zero.
  public var interval: Duration

  /// A limit of `count` events (at least 1) per `interval` (more than zero).
  public init(_ count: Int, per interval: Duration) {
    precondition(count >= 1 && interval > .zero, "a window limit allows at least one event per positive interval")
    self.count = count
    self.interval = interval
  }

  /// "20 per 60 seconds".
  public var description: String {
    let seconds = interval.components.seconds
    let whole = interval == .seconds(seconds)
    return "\(count) per " + (whole ? (seconds == 1 ? "second" : "\(seconds) seconds") : "\(interval)")
  }
}
