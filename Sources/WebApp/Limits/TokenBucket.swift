/// A sustained rate with room for bursts: `burst` events at once, then `perSecond` a second.
public struct TokenBucketLimit: Sendable, Hashable, CustomStringConvertible {
  /// The events allowed at once after a quiet spell; at least 1.
  public var burst: Int
  /// The events allowed per second, sustained; at least 1.
  public var perSecond: Int

  public init(burst: Int, perSecond: Int) {
    precondition(burst >= 1 && perSecond >= 1, "a token bucket allows at least one event, one a second")
    self.burst = burst
    self.perSecond = perSecond
  }

  /// "20 a second, bursts of 60".
  public var description: String { "\(perSecond) a second, bursts of \(burst)" }
}

/// Counts events against a ``TokenBucketLimit``: a pure value, so its rule is tested with plain numbers.
///
/// Kept as the time at which the bucket would be full again (the generic cell rate algorithm): an event
/// is allowed when that time is at most `burst − 1` intervals ahead of now, and moves it one interval on.
/// One comparison and one addition per event, no floating point, no timer.
struct TokenBucket: Sendable, Equatable {
  let limit: TokenBucketLimit
  /// The time since any fixed origin at which the bucket is full again.
  private var fullAt: Duration = .zero

  init(_ limit: TokenBucketLimit) {
    self.limit = limit
  }

  private var interval: Duration { .seconds(1) / limit.perSecond }

  /// Takes one event at `now` if the bucket allows it; a refused event takes nothing.
  mutating func take(at now: Duration) -> Bool {
    let start = max(fullAt, now)
    guard start - now <= interval * (limit.burst - 1) else { return false }
    fullAt = start + interval
    return true
  }
}
