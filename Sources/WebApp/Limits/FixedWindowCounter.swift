/// Counts events against a ``WindowLimit``: a pure value, so its rules are tested with plain numbers.
///
/// Time is a `Duration` since any fixed origin (a ``Stopwatch``'s start); the owner passes the time of
/// each event. Events over the limit are counted too, so the owner can say how many it refused or
/// suppressed when the window ends.
struct FixedWindowCounter: Sendable, Equatable {
  /// What counting one event decided.
  struct Count: Sendable, Equatable {
    /// Whether the event is within its window's limit.
    var isAllowed: Bool
    /// Whether it is the first event over the limit in its window (the moment to plan a summary).
    var isFirstOverLimit: Bool
    /// The events over the limit in the window this event found ended (0 if it found none).
    var overLimitInEndedWindow: Int
  }

  let limit: WindowLimit
  /// When the current window ends; `nil` before the first event.
  private(set) var windowEnd: Duration?
  private(set) var allowed = 0
  private(set) var overLimit = 0

  init(_ limit: WindowLimit) {
    self.limit = limit
  }

  /// Whether the current window has ended by `now` (true before the first event).
  func hasEnded(at now: Duration) -> Bool {
    windowEnd.map { now >= $0 } ?? true
  }

  /// Counts one event at `now`, starting a new window if the current one has ended.
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
