import OctoreactCore

/// At most one piece of asynchronous work at a time, where only the latest may publish its result
/// (Rx's `flatMapLatest`): newer work makes the older stale and cancels it, and a result is
/// published only while its work is still the latest, decided under the same lock that accepts
/// newer work. So an older answer can never land after a newer request began, even if its work
/// ignores cancellation.
///
/// For example, the username's availability check:
///
/// ```swift
/// let check = LatestWork()
/// check.replace(publishing: { results.send(.validating) }) { ticket in
///   let answer = await validation.availability(of: name)
///   ticket.ifLatest { results.send(answer) }
/// }
/// ```
///
/// **Contract.** Publications (the `publishing:` closure, `ifLatest`'s) run with no lock held, one at
/// a time, in the order they were accepted: by the caller when nobody is publishing (before
/// ``replace(publishing:with:)`` or ``Ticket/ifLatest(_:)`` returns), otherwise by the thread that
/// is publishing, before it lets go. A publication may replace the work again (its own publication
/// runs after it). The rule is `LatestWorkStateMachine`; fast typing costs a few tasks, not one
/// per keystroke.
public final class LatestWork: Sendable {
  /// The work: runs in a task the ``LatestWork`` owns, and publishes through its ticket.
  public typealias Work = @Sendable (Ticket) async -> Void
  typealias Publication = @Sendable () -> Void

  private struct State {
    var machine = LatestWorkStateMachine<Work, Publication>()
    /// The current worker's task, to cancel it when its work goes stale.
    var worker: Task<Void, Never>?
  }

  /// What a piece of work publishes through.
  public struct Ticket: Sendable {
    fileprivate let owner: LatestWork
    fileprivate let generation: UInt64

    /// Publishes with `publish` if this work is still the latest (see the type's contract).
    public func ifLatest(_ publish: @escaping @Sendable () -> Void) {
      owner.publish(owner.state.withLock { $0.machine.publish(publish, ifLatest: generation) })
    }
  }

  private let state = RuntimeLock(State())

  /// No work yet.
  public init() {}

  deinit { state.withLock { $0.worker }?.cancel() }

  /// Makes the work in flight stale (cancelling it), publishes with `now` (before anything newer),
  /// then queues `work`, if any, in place of any that has not started.
  public func replace(publishing now: (@Sendable () -> Void)? = nil, with work: Work? = nil) {
    let (action, stale) = state.withLock { state in
      let action = state.machine.replace(publishing: now, with: work)
      return (action, action.cancelsWorker ? state.worker.take() : nil)
    }
    // Outside the lock: cancellation handlers run synchronously and may publish elsewhere.
    stale?.cancel()
    // Also outside: making a task wakes a pool thread (a system call), and the worker of the work
    // just replaced needs this lock meanwhile (measured: 55 % of workload (c)'s futex calls were
    // that worker blocked on the lock while the task was made under it).
    if let id = action.startsWorker { adopt(Task { await self.runPending(worker: id) }, worker: id) }
    publish(action.publish)
  }

  /// Stores the handle of worker `id`'s task, made after unlocking, so that newer work can cancel it;
  /// cancels it instead if newer work already replaced it (its handle was not there to cancel then).
  private func adopt(_ task: Task<Void, Never>, worker id: UInt64) {
    let isStale = state.withLock { state in
      guard state.machine.isCurrentWorker(id) else { return true }
      state.worker = task
      return false
    }
    if isStale { task.cancel() }
  }

  /// Makes the work in flight stale and cancels it.
  public func cancel() { replace() }

  /// Runs `publication`, then every one accepted meanwhile, with no lock held.
  private func publish(_ publication: Publication?) {
    var publication = publication
    while let run = publication {
      run()
      publication = state.withLock { $0.machine.publicationDone() }
    }
  }

  /// The worker's loop: takes the latest pending work until there is none, or until it is no
  /// longer the current worker.
  private func runPending(worker id: UInt64) async {
    while true {
      let next = state.withLock { state in
        let next = state.machine.takeWork(worker: id)
        if next == nil && !state.machine.hasWorker && state.machine.workerID == id { state.worker = nil }
        return next
      }
      guard let next else { return }
      await next.work(Ticket(owner: self, generation: next.generation))
      state.withLock { $0.machine.workDone(worker: id) }
    }
  }
}
