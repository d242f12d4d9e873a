/// A limit of `count` events per fixed window: one starts at the first event after the previous window
/// ended and lasts `interval`, as GitHub's rate-limit windows do.
public struct WindowLimit: Sendable, Hashable, CustomStringConvertible {
  public var count: Int
  public var interval: Duration

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
