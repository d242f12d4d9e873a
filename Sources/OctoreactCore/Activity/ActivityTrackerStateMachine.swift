/// The rule of ``ActivityTracker``: count the work in flight, and report each change of "any work
/// running?" once, in order, by one reporter at a time.
///
/// A pure value, held under a lock by ``ActivityTracker``, which delivers the reported values after
/// unlocking.
///
/// **One reporter.** Whoever makes a change while nobody reports becomes the reporter: it delivers
/// the new activity, then asks ``reportDelivered()`` for the next one, until the activity it last
/// delivered is the current one. A change made while someone reports only updates the count; the
/// reporter picks it up. So two threads ending and starting work at the same time can never deliver
/// `true` and then a stale `false`: the last value delivered is always the current activity, and
/// observers are called one at a time.
struct ActivityTrackerStateMachine: Sendable {
  /// Tracked work in flight.
  private(set) var count = 0
  /// The activity last handed to the reporter (what observers have, or are being given).
  private(set) var reported = false
  /// Someone is delivering ``reported``; changes meanwhile are left for it.
  private(set) var isReporting = false

  enum Action: Equatable {
    /// Deliver this activity to the observers, then call ``reportDelivered()``.
    case report(Bool)
    /// Nothing to deliver (no change, or the current reporter will deliver it).
    case none
  }

  init() {}

  /// Work starts.
  mutating func begin() -> Action {
    count += 1
    return isReporting ? .none : nextReport()
  }

  /// Work ends.
  mutating func end() -> Action {
    precondition(count > 0, "ActivityTracker: more work ended than started")
    count -= 1
    return isReporting ? .none : nextReport()
  }

  /// The reporter delivered ``reported``: the next change to deliver, or `.none` and it stops.
  mutating func reportDelivered() -> Action {
    precondition(isReporting, "ActivityTracker: a report was delivered while nobody reported")
    isReporting = false
    return nextReport()
  }

  private mutating func nextReport() -> Action {
    let isActive = count > 0
    guard isActive != reported else { return .none }
    reported = isActive
    isReporting = true
    return .report(isActive)
  }
}
