import Synchronization

/// At most one piece of asynchronous work at a time, where only the latest may publish its result
/// (Rx's `flatMapLatest`): starting new work cancels the previous one, and a result is published
/// only while its work is still the latest, checked under the same lock that starts newer work. So
/// an older answer can never land after a newer request began, even if its work ignores
/// cancellation.
///
/// For example, the username's availability check:
///
/// ```swift
/// check.replace(publishing: { results.send(.validating) }) { ticket in
///   let answer = await validation.availability(of: name)
///   ticket.ifLatest { results.send(answer) }
/// }
/// ```
final class LatestWork: Sendable {
  private struct Current {
    var generation: UInt64 = 0
    var task: Task<Void, Never>?
  }

  /// What a piece of work publishes through.
  struct Ticket: Sendable {
    fileprivate let owner: LatestWork
    fileprivate let generation: UInt64

    /// Runs `publish` if this work is still the latest, under the lock that starts newer work.
    func ifLatest(_ publish: () -> Void) {
      owner.current.withLock { current in
        if current.generation == generation { publish() }
      }
    }
  }

  private let current = Mutex(Current())

  /// Makes the work in flight stale and cancels it, runs `now` (under the lock, so nothing older
  /// publishes after it), then starts `work`, if any.
  func replace(publishing now: () -> Void = {}, with work: (@Sendable (Ticket) async -> Void)? = nil) {
    let previous = current.withLock { current in
      current.generation &+= 1
      now()
      let previous = current.task
      let ticket = Ticket(owner: self, generation: current.generation)
      current.task = work.map { work in
        Task {
          // Often replaced before it first runs (fast typing): then it has nothing to do.
          guard !Task.isCancelled else { return }
          await work(ticket)
        }
      }
      return previous
    }
    // Outside the lock: cancellation handlers run synchronously and may publish elsewhere.
    previous?.cancel()
  }

  /// Makes the work in flight stale and cancels it.
  func cancel() { replace() }
}
