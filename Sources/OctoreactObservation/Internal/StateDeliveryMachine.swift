/// Which states reach the main actor, and when: the pure rules of ``StateDelivery``.
///
/// The store hands states over one at a time and in order, from any thread. The machine keeps only
/// the newest state not yet applied (older ones are superseded) and says who applies it: one hop to
/// the main actor (at most one scheduled at a time), or the main actor at once when it asks, right
/// after its own send, or nobody when the delivery loop under way will take it.
///
/// **Contract.** `isDelivering` is true from a ``startDelivery()`` (or ``hopStarts()``) that
/// returned true until ``nextState()`` returns nil: in between, exactly one main-actor loop calls
/// ``nextState()`` and applies what it returns. So a state offered while the loop applies an earlier
/// one (a send from inside an observer of the adapter) is applied after it, never in the middle of it.
struct StateDeliveryMachine<State> {
  /// The newest state offered and not yet taken.
  private(set) var pending: State?
  /// A hop to the main actor is scheduled and has not started.
  private(set) var isHopScheduled = false
  /// A main-actor loop is applying states.
  private(set) var isDelivering = false

  /// Records `state` as the newest one; true when the caller must schedule a hop to the main actor.
  mutating func offer(_ state: State) -> Bool {
    pending = state
    if isDelivering || isHopScheduled { return false }
    isHopScheduled = true
    return true
  }

  /// A scheduled hop starts on the main actor: true when it runs the delivery loop.
  mutating func hopStarts() -> Bool {
    isHopScheduled = false
    return startDelivery()
  }

  /// The main actor wants the pending state now: true when it runs the delivery loop, false when
  /// there is nothing to apply or a loop under way will apply it.
  mutating func startDelivery() -> Bool {
    if isDelivering || pending == nil { return false }
    isDelivering = true
    return true
  }

  /// The next state for the delivery loop to apply; nil ends the loop.
  mutating func nextState() -> State? {
    guard let state = pending else {
      isDelivering = false
      return nil
    }
    pending = nil
    return state
  }
}
