/// The counting behind one budget, as a pure value: a fixed window per client, in a table of bounded size.
///
/// **Limits:** the table holds at most `capacity` clients. A new client beyond that makes it forget the
/// window that started first (every window lasts as long, so that one is the nearest to its end). Each
/// step costs amortised O(1), so a scan from many addresses costs nothing beyond the bound.
struct RateLimitStateMachine: Sendable {
  /// One request's `x-ratelimit-*` figures, and whether it may go on.
  struct Decision: Sendable, Hashable {
    let limit: Int
    let used: Int
    /// Seconds since 1970.
    let reset: Int
    let isAllowed: Bool

    var remaining: Int { limit - used }

    func retryAfter(now: Int) -> Int { max(1, reset - now) }
  }

  private struct Window: Sendable {
    var reset: Int
    var used: Int
    /// The window's place in `starts`, telling a live entry there from a stale one.
    var sequence: Int
  }

  let limit: Int
  let windowSeconds: Int
  let capacity: Int
  private var windows: [String: Window] = [:]
  /// Clients in the order their windows started; entries whose sequence no longer matches the
  /// table are stale and skipped.
  private var starts: [(client: String, sequence: Int)] = []
  private var startsHead = 0
  private var nextSequence = 0

  init(limit: Int, windowSeconds: Int, capacity: Int) {
    precondition(limit >= 1 && windowSeconds >= 1 && capacity >= 1)
    self.limit = limit
    self.windowSeconds = windowSeconds
    self.capacity = capacity
  }

  var count: Int { windows.count }

  /// Live or stale; for tests of the bound.
  var pendingStarts: Int { starts.count }

  mutating func take(client: String, now: Int) -> Decision {
    var window: Window
    if let current = windows[client], current.reset > now {
      window = current
    } else {
      if windows[client] == nil { makeRoom() }
      window = Window(reset: now + windowSeconds, used: 0, sequence: nextSequence)
      starts.append((client, nextSequence))
      nextSequence += 1
    }
    let isAllowed = window.used < limit
    if isAllowed { window.used += 1 }
    windows[client] = window
    compactStartsIfMostlyStale()
    return Decision(limit: limit, used: window.used, reset: window.reset, isAllowed: isAllowed)
  }

  /// The figures without counting a request: without a running window, the whole budget.
  func budget(client: String, now: Int) -> Decision {
    guard let window = windows[client], window.reset > now else {
      return Decision(limit: limit, used: 0, reset: now + windowSeconds, isAllowed: true)
    }
    return Decision(limit: limit, used: window.used, reset: window.reset, isAllowed: window.used < limit)
  }

  private mutating func makeRoom() {
    while windows.count >= capacity, startsHead < starts.count {
      let oldest = starts[startsHead]
      startsHead += 1
      if windows[oldest.client]?.sequence == oldest.sequence { windows[oldest.client] = nil }
    }
  }

  /// Keeps `starts` within twice the table: a client whose window renews appends a new entry and
  /// leaves a stale one behind, and forgotten windows leave their entries before `startsHead`.
  private mutating func compactStartsIfMostlyStale() {
    guard starts.count > 2 * max(windows.count, 16) else { return }
    starts = starts[startsHead...].filter { windows[$0.client]?.sequence == $0.sequence }
    startsHead = 0
  }
}
