/// Which password hashes run, which wait, and which are refused: the pure logic of ``HashingQueue``.
///
/// A value with `mutating` methods returning what to do; the queue holds it under a lock and
/// carries the actions out after unlocking. Waiters are served first come, first served.
struct HashAdmissionStateMachine: Sendable {
  /// What to do with a new piece of work.
  enum AdmitAction: Sendable, Equatable {
    /// Run it now.
    case run
    /// Keep it waiting until ``HashAdmissionStateMachine/finished(took:)`` hands it a place.
    case wait
    /// Refuse it: the queue is full. `retryAfter` estimates when it will have room.
    case reject(retryAfter: Duration)
  }

  let maxRunning: Int
  let maxWaiting: Int
  private(set) var running = 0
  /// Waiting work, oldest first.
  private(set) var waiting: [Int] = []
  /// A running average of how long one piece of work takes, once any has finished.
  private(set) var averageWork: Duration?

  init(maxRunning: Int, maxWaiting: Int) {
    precondition(maxRunning >= 1 && maxWaiting >= 0)
    self.maxRunning = maxRunning
    self.maxWaiting = maxWaiting
  }

  /// Admits work `id`: it runs when a place is free, waits when the line has room, or is refused.
  mutating func admit(_ id: Int) -> AdmitAction {
    if running < maxRunning && waiting.isEmpty {
      running += 1
      return .run
    }
    guard waiting.count < maxWaiting else { return .reject(retryAfter: retryAfter) }
    waiting.append(id)
    return .wait
  }

  /// Notes that one running piece of work finished after `took`; returns the waiting work that
  /// runs in its place, if any.
  mutating func finished(took: Duration) -> Int? {
    precondition(running > 0, "finished more work than was running")
    averageWork = averageWork.map { ($0 * 3 + took) / 4 } ?? took
    guard !waiting.isEmpty else {
      running -= 1
      return nil
    }
    return waiting.removeFirst()
  }

  /// Withdraws waiting work `id` (its caller was cancelled); false when it is not waiting (it
  /// runs already, or never waited).
  mutating func cancelled(_ id: Int) -> Bool {
    guard let index = waiting.firstIndex(of: id) else { return false }
    waiting.remove(at: index)
    return true
  }

  /// About how long until the line has room: the work ahead of a newcomer divided among the places
  /// that run it, at the average time a piece takes; one second before anything has been measured,
  /// and never less.
  var retryAfter: Duration {
    let rounds = (running + waiting.count + maxRunning - 1) / maxRunning
    let estimate = (averageWork ?? .zero) * rounds
    return max(.seconds(1), estimate)
  }
}
