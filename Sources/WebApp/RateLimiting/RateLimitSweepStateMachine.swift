/// When one instance deletes expired windows from the shared rate-limit table, as a pure value: at most
/// one sweep at a time, at most one per interval, and again at once while the last one deleted a full
/// batch (each sweep is bounded, so a short statement whatever the table holds).
struct RateLimitSweepStateMachine: Sendable {
  let intervalSeconds: Int
  /// The first sweep comes with the first counted request: windows left by an earlier run go at once.
  private var nextSweep = Int.min
  private var isSweeping = false

  init(intervalSeconds: Int) {
    precondition(intervalSeconds >= 1)
    self.intervalSeconds = intervalSeconds
  }

  /// When true, the sweep runs until ``finished(now:deleted:bound:)``; a failed one reports 0 deleted.
  mutating func shouldSweep(now: Int) -> Bool {
    guard !isSweeping, now >= nextSweep else { return false }
    isSweeping = true
    return true
  }

  mutating func finished(now: Int, deleted: Int, bound: Int) {
    isSweeping = false
    nextSweep = deleted >= bound ? now : now + intervalSeconds
  }
}
