/// A sustained rate with room for bursts: `burst` events at once, then `perSecond` a second.
public struct TokenBucketLimit: Sendable, Hashable, CustomStringConvertible {
  public var burst: Int
  public var perSecond: Int

  public init(burst: Int, perSecond: Int) {
    precondition(burst >= 1 && perSecond >= 1, "a token bucket allows at least one event, one a second")
    self.burst = burst
    self.perSecond = perSecond
  }

  public var description: String { "\(perSecond) a second, bursts of \(burst)" }
}

/// Counts events against a ``TokenBucketLimit``, as a pure value: the generic cell rate algorithm. It
/// keeps the time the bucket is full again; an event is allowed when that is at most `burst − 1`
/// intervals ahead, and moves it one interval on. No floating point, no timer.
struct TokenBucket: Sendable, Equatable {
  let limit: TokenBucketLimit
  private var fullAt: Duration = .zero

  init(_ limit: TokenBucketLimit) {
    self.limit = limit
  }

  private var interval: Duration { .seconds(1) / limit.perSecond }

  /// A refused event takes nothing.
  mutating func take(at now: Duration) -> Bool {
    let start = max(fullAt, now)
    guard start - now <= interval * (limit.burst - 1) else { return false }
    fullAt = start + interval
    return true
  }
}
