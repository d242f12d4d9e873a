import OctoreactCore

/// A lock-protected, weak slot for a store, so a reactor can send actions to its own store
/// (re-entrant sends) without a reference cycle.
final class StoreBox<R: Reactor>: Sendable {
  private struct Slot {
    weak var store: ReactorStore<R>?
  }

  private let slot = RuntimeLock(Slot())

  init() {}

  /// Puts `store` in the box and returns it.
  @discardableResult
  func hold(_ store: ReactorStore<R>) -> ReactorStore<R> {
    slot.withLock { $0.store = store }
    return store
  }

  /// The store, if it is still alive.
  var store: ReactorStore<R>? { slot.withLock { $0.store } }

  /// Sends `action` to the store; the lock is released before sending, so a re-entrant send
  /// never waits for itself.
  func send(_ action: R.Action) {
    store?.send(action)
  }
}
