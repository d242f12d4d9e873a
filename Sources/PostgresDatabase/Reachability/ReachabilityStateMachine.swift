/// What a ``PostgresPool`` knows of whether its server can be reached, as pure transitions: each event returns what
/// the storage (``PostgresReachability``) must do once it has released its lock.
///
/// `Waiter` is what an asking task waits on (a continuation in the storage, any value in tests).
///
/// - **reachable**: operations run; one that waits longer than the check delay asks for a probe (``check(_:)``).
/// - **probing**: a probe is in flight; every check waits for its answer, none starts another.
/// - **unreachable**: the last probe failed; checks are answered at once with its reason, and a recovery loop
///   probes until one succeeds (``recovered()``).
/// - **closed**: the pool closed; every waiter was answered, and later checks are answered at once.
struct ReachabilityStateMachine<Waiter> {
  enum State: Equatable {
    case reachable
    case probing
    case unreachable(reason: String)
    case closed
  }

  /// What to do with a task that asked whether the server is reachable.
  enum CheckAction {
    /// Answer it now: nil for reachable, or why not.
    case answer(String?)
    /// It waits; start the probe that will answer it.
    case startProbe
    /// It waits for the probe in flight.
    case wait
  }

  /// What to do once a probe answered.
  struct ProbeFinishedAction {
    /// The checks to answer, with the probe's result.
    var waiters: [Waiter]
    var result: String?
    /// Whether to start the recovery loop (the server just became unreachable).
    var startsRecovery: Bool
  }

  private(set) var state = State.reachable
  private var nextID = 0
  private var checks: [Int: Waiter] = [:]
  private var reachableWaiters: [Waiter] = []

  /// Why the server is unreachable, or nil when it is thought reachable (or the pool closed).
  var unreachableReason: String? {
    if case .unreachable(let reason) = state { return reason }
    return nil
  }

  /// A task asks whether the server is reachable: the id to cancel its wait with, and what to do.
  mutating func check(_ waiter: Waiter) -> (id: Int, action: CheckAction) {
    nextID += 1
    switch state {
    case .unreachable(let reason): return (nextID, .answer(reason))
    case .closed: return (nextID, .answer(nil))
    case .probing:
      checks[nextID] = waiter
      return (nextID, .wait)
    case .reachable:
      checks[nextID] = waiter
      state = .probing
      return (nextID, .startProbe)
    }
  }

  /// The task of check `id` was cancelled: its waiter, to answer with nil now, unless it was answered already.
  mutating func cancel(_ id: Int) -> Waiter? {
    checks.removeValue(forKey: id)
  }

  /// The probe answered: nil when the server answered, or why not.
  mutating func probeFinished(_ result: String?) -> ProbeFinishedAction {
    let waiters = Array(checks.values)
    checks.removeAll()
    guard state == .probing else {
      // Closed meanwhile: the waiters were answered by `close()`.
      return ProbeFinishedAction(waiters: waiters, result: nil, startsRecovery: false)
    }
    if let result {
      state = .unreachable(reason: result)
      return ProbeFinishedAction(waiters: waiters, result: result, startsRecovery: true)
    }
    state = .reachable
    return ProbeFinishedAction(waiters: waiters, result: nil, startsRecovery: false)
  }

  /// A recovery probe succeeded: the tasks waiting for the server to come back, to resume.
  mutating func recovered() -> [Waiter] {
    guard case .unreachable = state else { return [] }
    state = .reachable
    defer { reachableWaiters.removeAll() }
    return reachableWaiters
  }

  /// A task waits until the server is thought reachable: false when it must wait, true when it may go on now.
  mutating func waitUntilReachable(_ waiter: Waiter) -> Bool {
    guard case .unreachable = state else { return true }
    reachableWaiters.append(waiter)
    return false
  }

  /// The pool closed: every waiter, to answer now.
  mutating func close() -> [Waiter] {
    let waiters = Array(checks.values) + reachableWaiters
    checks.removeAll()
    reachableWaiters.removeAll()
    state = .closed
    return waiters
  }
}
