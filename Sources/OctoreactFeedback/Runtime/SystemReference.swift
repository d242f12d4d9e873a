public import OctoreactCore

/// How an effect's task reaches the store that runs its system: a weak reference, set once the
/// store exists (the reactor is made before its store), so that tasks never keep a released
/// system alive.
@usableFromInline
final class SystemReference<SystemState: Sendable, SystemEvent: Sendable>: Sendable {
  @usableFromInline typealias Store = ReactorStore<FeedbackReactor<SystemState, SystemEvent>>

  @usableFromInline
  struct Weak {
    @usableFromInline weak var store: Store?
    @inlinable init() {}
  }

  @usableFromInline let reference = RuntimeLock(Weak())

  @inlinable init() {}

  @inlinable
  func set(_ store: Store) { reference.withLock { $0.store = store } }

  /// Sends `action` to the store, if it is still there. The store is taken out of the lock first:
  /// sending runs user code.
  @inlinable
  func send(_ action: FeedbackReactor<SystemState, SystemEvent>.Action) {
    let store = reference.withLock { $0.store }
    store?.send(action)
  }
}
