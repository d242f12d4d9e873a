/// The counting behind one budget: a fixed window per client, in a table of bounded size.
///
/// A pure value: time comes in as an argument (seconds since 1970), so tests decide it.
///
/// **Limits:** the table holds at most `capacity` clients. A new client beyond that makes the
/// table forget the window that started first: every window lasts as long, so that one has ended
/// already or is the nearest to its end. Each step costs amortised O(1), so a scan of many
/// addresses costs neither memory nor time beyond the bound.
struct RateLimitStateMachine: Sendable {
  /// One request's figures: the `x-ratelimit-*` headers, and whether it may go on.
  struct Decision: Sendable, Hashable {
    let limit: Int
    let remaining: Int
    let used: Int
    /// When the window ends, in seconds since 1970 (`x-ratelimit-reset`).
    let reset: Int
    let isAllowed: Bool

    /// Seconds until the window ends (`retry-after`), at least one.
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

  /// How many clients the table holds now.
  var count: Int { windows.count }

  /// How many window starts are remembered, live or stale (bounded by twice ``count``, at least 32).
  var pendingStarts: Int { starts.count }

  /// Counts one request of `client` at `now` (seconds since 1970).
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
    return Decision(
      limit: limit, remaining: limit - window.used, used: window.used, reset: window.reset, isAllowed: isAllowed)
  }

  /// The figures of `client`'s window at `now` without counting a request: a client without a running
  /// window has the whole budget, its window ending `windowSeconds` from `now` (as it would on a request).
  func budget(client: String, now: Int) -> Decision {
    guard let window = windows[client], window.reset > now else {
      return Decision(limit: limit, remaining: limit, used: 0, reset: now + windowSeconds, isAllowed: true)
    }
    return Decision(
      limit: limit, remaining: limit - window.used, used: window.used, reset: window.reset,
      isAllowed: window.used < limit)
  }

  /// Frees a place for a new client when the table is full.
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
