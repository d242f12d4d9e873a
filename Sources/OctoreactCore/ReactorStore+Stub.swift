
/// Stand-in behaviour for view tests: the store records actions instead of running the reactor,
/// and the test sets the state the view should show (ReactorKit's `isStubEnabled` / `stub`).
///
/// For example:
///
/// ```swift
/// let store = ReactorStore.stub(SignupReactor(validation: validation))
/// view.bind(store)
/// view.tapSignup()
/// #expect(store.stub.actions == [.signup])
/// store.stub.setState { $0.isSigningUp = true }
/// ```
public final class ReactorStub<R: Reactor>: Sendable {
  let recorded = RuntimeLock<[R.Action]>([])
  private let storage: ReactorStorage<R>

  init(storage: ReactorStorage<R>) {
    self.storage = storage
  }

  @usableFromInline
  func record(_ action: R.Action) {
    recorded.withLock { $0.append(action) }
  }

  /// Every action sent to the store, in order.
  public var actions: [R.Action] { recorded.withLock { $0 } }

  /// Replaces the state the store publishes (through the store's queue, like any change).
  public func setState(_ state: R.State) { storage.replaceState(state) }

  /// Changes the state the store publishes: `change` runs on a copy of the current state. For one
  /// test thread; two threads changing a stub at once may each start from the same state.
  public func setState(_ change: (inout R.State) -> Void) {
    var state = storage.currentState
    change(&state)
    storage.replaceState(state)
  }
}

extension ReactorStore {
  /// A store that never runs `reactor`: it records actions and publishes the states a test sets.
  public static func stub(_ reactor: R) -> ReactorStore { ReactorStore(stubbing: reactor) }

  /// The stub controls of a store made with ``stub(_:)``; stopping on a running store.
  public var stub: ReactorStub<R> {
    guard let stubStorage else { preconditionFailure("stub is only available on ReactorStore.stub(_:)") }
    return stubStorage
  }

  /// True for a store made with ``stub(_:)``.
  public var isStubbed: Bool { stubStorage != nil }
}
