
/// Counts tracked work in flight and tells whether any is running (Rx's `ActivityIndicator`).
///
/// ``isActive`` is true while at least one ``track(_:)`` call is running, and only its changes are
/// delivered: two overlapping requests give `false, true, false`, not `true, true`.
///
/// For example:
///
/// ```swift
/// let signingIn = ActivityTracker()
/// let ok = try await signingIn.track { try await api.signup(username, password) }
/// for await active in signingIn.isActive { spinner.isAnimating = active }
/// ```
///
/// **Delivery.** Changes are delivered with no lock held, one at a time and in order, by the thread
/// whose work made the change (or, if another thread is delivering at that moment, by that thread
/// before it lets go): the rule is `ActivityTrackerStateMachine`. OctoreactMVVM adds
/// `init(reportingTo:)`, which also sends every change to a `Broadcast<Bool>` of yours.
public final class ActivityTracker: Sendable {
  private struct State {
    var machine = ActivityTrackerStateMachine()
    /// The ``isActive`` sequences still attached.
    var observers: [ObserverBuffer<Bool>] = []
  }

  private let state = RuntimeLock(State())
  /// Also told every change, by the reporter, after the sequences.
  private let report: (@Sendable (Bool) -> Void)?

  /// A tracker with no work in flight.
  public init() { report = nil }

  /// A tracker that also calls `report` with `false` now and then with every change, one call at a
  /// time, with no lock held (what OctoreactMVVM's `init(reportingTo:)` is built on).
  package init(report: @escaping @Sendable (Bool) -> Void) {
    self.report = report
    report(false)
  }

  /// Runs `work`, counting it as in flight until it returns or throws.
  public func track<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
    deliver(transition { $0.begin() })
    defer { deliver(transition { $0.end() }) }
    return try await work()
  }

  /// Whether tracked work is running now.
  public var isRunning: Bool { state.withLock { $0.machine.count > 0 } }

  /// The current activity, then each change.
  public var isActive: BroadcastValues<Bool> {
    let buffer = ObserverBuffer<Bool>(keepsOnlyLatest: false)
    state.withLock { state in
      // The buffer is new, so nobody waits on it: appending under this lock wakes no one. It
      // starts from what the reporter last took, and gets every later change from it.
      _ = buffer.append(state.machine.reported)
      state.observers.removeAll { $0.isCancelled }
      state.observers.append(buffer)
    }
    return BroadcastValues(BroadcastSubscription(buffer))
  }

  /// A report to deliver and the sequences to deliver it to, taken under the same lock so that a
  /// sequence attached meanwhile gets the value exactly once.
  private typealias Report = (isActive: Bool, observers: [ObserverBuffer<Bool>])

  private func transition(
    forgettingGone isAnyGone: Bool = false,
    _ body: (inout ActivityTrackerStateMachine) -> ActivityTrackerStateMachine.Action
  ) -> Report? {
    state.withLock { state -> Report? in
      if isAnyGone { state.observers.removeAll { $0.isCancelled } }
      guard case .report(let isActive) = body(&state.machine) else { return nil }
      return (isActive, state.observers)
    }
  }

  /// Delivers reports until the machine has none left, with no lock held while delivering.
  private func deliver(_ report: Report?) {
    var report = report
    while let (isActive, observers) = report {
      var isAnyGone = false
      for observer in observers where !observer.append(isActive) { isAnyGone = true }
      self.report?(isActive)
      report = transition(forgettingGone: isAnyGone) { $0.reportDelivered() }
    }
  }
}
