/// Counts events against a ``WindowLimit``, as a pure value; time is a `Duration` since a ``Stopwatch``'s
/// start. Events over the limit are counted too, so the owner can say how many it refused or suppressed.
struct FixedWindowCounter: Sendable, Equatable {
  struct Count: Sendable, Equatable {
    var isAllowed: Bool
    /// Whether it is the first event over the limit in its window (the moment to plan a summary).
    var isFirstOverLimit: Bool
    /// The events over the limit in the window this event found ended (0 if it found none).
    var overLimitInEndedWindow: Int
  }

  let limit: WindowLimit
  private(set) var windowEnd: Duration?
  private(set) var allowed = 0
  private(set) var overLimit = 0

  init(_ limit: WindowLimit) {
    self.limit = limit
  }

  /// True before the first event.
  func hasEnded(at now: Duration) -> Bool {
    windowEnd.map { now >= $0 } ?? true
  }

  mutating func count(at now: Duration) -> Count {
    var ended = 0
    if hasEnded(at: now) {
      ended = overLimit
      windowEnd = now + limit.interval
      allowed = 0
      overLimit = 0
    }
    if allowed < limit.count {
      allowed += 1
      return Count(isAllowed: true, isFirstOverLimit: false, overLimitInEndedWindow: ended)
    }
    overLimit += 1
    return Count(isAllowed: false, isFirstOverLimit: overLimit == 1, overLimitInEndedWindow: ended)
  }

  /// The events over the limit in a window that has ended by `now`, forgetting them; 0 while the
  /// window is open (its count is not final) or if none were over.
  mutating func takeOverLimitIfEnded(at now: Duration) -> Int {
    guard hasEnded(at: now) else { return 0 }
    defer { overLimit = 0 }
    return overLimit
  }
}
