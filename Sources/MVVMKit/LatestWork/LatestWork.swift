import Synchronization

/// At most one piece of asynchronous work at a time, where only the latest may publish its result
/// (Rx's `flatMapLatest`): newer work makes the older stale and cancels it, and a result is
/// published only while its work is still the latest, checked under the same lock that accepts
/// newer work. So an older answer can never land after a newer request began, even if its work
/// ignores cancellation.
///
/// For example, the username's availability check:
///
/// ```swift
/// check.replace(publishing: { results.send(.validating) }) { ticket in
///   let answer = await validation.availability(of: name)
///   ticket.ifLatest { results.send(answer) }
/// }
/// ```
///
/// **One task, not one per request.** Work waits in a one-place mailbox for a worker task; work
/// replaced before the worker took it is dropped without ever having a task. A new worker is made
/// only when there is none, or when the worker is busy with older work, which is then cancelled (a
/// cancelled task stays cancelled, so it cannot take the next work). Fast typing therefore costs a
/// few tasks, not one per keystroke.
package final class LatestWork: Sendable {
  package typealias Work = @Sendable (Ticket) async -> Void

  private struct State {
    var generation: UInt64 = 0
    /// The latest work not taken by a worker yet, and its generation.
    var pending: (work: Work, generation: UInt64)?
    var worker: Task<Void, Never>?
    /// Tells the current worker from older, cancelled ones.
    var workerID: UInt64 = 0
    /// The current worker is running work: it cannot take newer work.
    var isWorkerBusy = false
  }

  /// What a piece of work publishes through.
  package struct Ticket: Sendable {
    fileprivate let owner: LatestWork
    fileprivate let generation: UInt64

    /// Runs `publish` if this work is still the latest, under the lock that accepts newer work.
    package func ifLatest(_ publish: () -> Void) {
      owner.state.withLock { state in
        if state.generation == generation { publish() }
      }
    }
  }

  private let state = Mutex(State())

  package init() {}

  /// Makes the work in flight stale (cancelling it), runs `now` (under the lock, so nothing older
  /// publishes after it), then queues `work`, if any, in place of any that has not started.
  package func replace(publishing now: () -> Void = {}, with work: Work? = nil) {
    let stale = state.withLock { state -> Task<Void, Never>? in
      state.generation &+= 1
      now()
      state.pending = work.map { ($0, state.generation) }
      var stale: Task<Void, Never>?
      if state.isWorkerBusy {
        stale = state.worker
        state.worker = nil
        state.isWorkerBusy = false
      }
      if state.pending != nil && state.worker == nil {
        state.workerID &+= 1
        let id = state.workerID
        state.worker = Task { await self.runPending(worker: id) }
      }
      return stale
    }
    // Outside the lock: cancellation handlers run synchronously and may publish elsewhere.
    stale?.cancel()
  }

  /// Makes the work in flight stale and cancels it.
  package func cancel() { replace() }

  /// The worker's loop: takes the latest pending work until there is none, or until it is no
  /// longer the current worker.
  private func runPending(worker id: UInt64) async {
    while true {
      let next = state.withLock { state -> (work: Work, generation: UInt64)? in
        guard state.workerID == id else { return nil }
        guard let pending = state.pending else {
          state.worker = nil
          state.isWorkerBusy = false
          return nil
        }
        state.pending = nil
        state.isWorkerBusy = true
        return pending
      }
      guard let next else { return }
      await next.work(Ticket(owner: self, generation: next.generation))
      state.withLock { state in
        if state.workerID == id { state.isWorkerBusy = false }
      }
    }
  }
}
