import OctoreactCore

/// Carries a store's states to the main actor for ``ObservableStore``: a ``StateDeliveryMachine``
/// under one lock, and the hop or loop it asks for, performed after unlocking.
///
/// **Threading.** ``offer(_:)`` is called by the store's observation, one state at a time and in
/// order, from any thread. The attached receiver runs only on the main actor and never under the lock, so it may
/// send to the store, which may call ``offer(_:)`` again: that state waits for the loop under way.
///
/// No thread check decides what is synchronous (a main-thread test is not the main actor on every
/// platform: under `swift test` on Linux, main-actor code runs off the process's main thread); the
/// main actor itself calls ``deliverPending()`` after the sends it makes.
final class StateDelivery<State: Sendable>: Sendable {
  private let machine = RuntimeLock(StateDeliveryMachine<State>())
  /// Set once, right after the adapter exists (it holds this delivery, so it cannot be passed in).
  private let target = RuntimeLock<(@MainActor @Sendable (State) -> Void)?>(nil)

  init() {}

  /// Makes `apply` the receiver of every state; before this, states wait as pending.
  func attach(_ apply: @escaping @MainActor @Sendable (State) -> Void) {
    target.withLock { $0 = apply }
  }

  /// Takes the store's newest state; one hop to the main actor applies the newest state offered by
  /// the time it runs, unless the main actor took it first.
  func offer(_ state: State) {
    guard machine.withLock({ $0.offer(state) }) else { return }
    Task { @MainActor in
      if machine.withLock({ $0.hopStarts() }) { deliver() }
    }
  }

  /// Applies the pending state now, unless a delivery loop under way will.
  @MainActor
  func deliverPending() {
    if machine.withLock({ $0.startDelivery() }) { deliver() }
  }

  /// Applies pending states until none is left; states offered meanwhile are applied in turn.
  @MainActor
  private func deliver() {
    let apply = target.withLock { $0 }
    while let state = machine.withLock({ $0.nextState() }) {
      apply?(state)
    }
  }
}
