/// When one instance deletes expired windows from the shared rate-limit table: at most one sweep at a
/// time, at most one per interval, and again at once while the last one found more than its bound.
///
/// A pure value: time comes in as an argument (seconds since 1970), so tests decide it.
///
/// **Limits:** each sweep deletes at most a bounded number of rows (the caller's `bound`), so it is a
/// short statement whatever the table holds; a table with more expired rows is emptied over several
/// sweeps, each started by a request after the previous one has finished.
struct RateLimitSweepStateMachine: Sendable {
  let intervalSeconds: Int
  /// The first sweep comes with the first counted request: windows left by an earlier run go at once.
  private var nextSweep = Int.min
  private var isSweeping = false

  init(intervalSeconds: Int) {
    precondition(intervalSeconds >= 1)
    self.intervalSeconds = intervalSeconds
  }

  /// Whether a request counted at `now` should start a sweep; when it says so, the sweep is running
  /// until ``finished(now:deleted:bound:)`` or ``failed(now:)``.
  mutating func shouldSweep(now: Int) -> Bool {
    guard !isSweeping, now >= nextSweep else { return false }
    isSweeping = true
    return true
  }

  /// The sweep deleted `deleted` rows of at most `bound`: a full batch means more may be waiting.
  mutating func finished(now: Int, deleted: Int, bound: Int) {
    isSweeping = false
    nextSweep = deleted >= bound ? now : now + intervalSeconds
  }

  /// The sweep failed (the database went away): the next one waits a whole interval.
  mutating func failed(now: Int) {
    isSweeping = false
    nextSweep = now + intervalSeconds
  }
}
