/// Runs a ``Reactor``: owns its state, takes its actions, and carries out its effects.
///
/// For example:
///
/// ```swift
/// let store = ReactorStore(SignupReactor(api: api, clock: ContinuousClock()))
/// store.send(.usernameChanged("octocat"))
/// for await state in store.states { render(state) }
/// ```
///
/// **Guarantees.**
/// - ``send(_:)`` applies the synchronous mutations of its action before it returns, from any
///   thread. Actions sent concurrently are processed one at a time; an action sent from inside
///   `mutate`, `reduce` or a transform hook is queued and processed, in order, right after the
///   current one.
/// - Asynchronous effects run in tasks the store owns. A task that was cancelled (by a later
///   effect or by the store's release) never delivers a mutation afterwards.
/// - ``states`` gives the current state first, then every change, through a buffer per observer, so
///   a slow observer never blocks the store.
/// - Releasing the store cancels its tasks and ends its state sequences; tasks hold it weakly.
public final class ReactorStore<R: Reactor>: Sendable {
  @usableFromInline let storage: ReactorStorage<R>
  @usableFromInline let stubStorage: ReactorStub<R>?

  /// Starts running `reactor` from its initial state.
  @inlinable
  public init(_ reactor: R) {
    storage = ReactorStorage(reactor: reactor)
    stubStorage = nil
  }

  @inlinable
  init(stubbing reactor: R) {
    storage = ReactorStorage(reactor: reactor)
    stubStorage = ReactorStub(broadcast: storage.broadcast)
  }

  deinit { storage.shutDown() }

  /// The reactor this store runs.
  @inlinable
  public var reactor: R { storage.reactor }

  /// Processes `action`; its synchronous mutations are applied when this returns.
  @inlinable
  public func send(_ action: R.Action) {
    if let stubStorage {
      stubStorage.record(action)
    } else {
      storage.send(action)
    }
  }

  /// The latest state.
  @inlinable
  public var currentState: R.State { storage.broadcast.value }

  /// The current state, then every change, ending when the store is released.
  @inlinable
  public var states: BroadcastValues<R.State> { storage.broadcast.values() }

  /// The current state, then changes as a slow observer can take them: a screen skips the states
  /// it had no time to show, and always ends on the latest.
  @inlinable
  public var latestStates: BroadcastValues<R.State> { storage.broadcast.values(buffering: .latest) }

  /// Calls `observer` with the current state, then with every change, synchronously, on the thread
  /// that made the change and before that thread goes on (ReactorKit's `reactor.state.subscribe`),
  /// until the observation is cancelled or released.
  ///
  /// No buffer and no task: for an observer that keeps pace with the store, such as a renderer that
  /// copies the state somewhere. `observer` runs with the store's locks held: it may ``send(_:)``
  /// (the action is queued and processed right after the current one) but must not read
  /// ``currentState`` (it has the state) or wait for anything slow.
  @inlinable
  public func observe(_ observer: @escaping @Sendable (R.State) -> Void) -> BroadcastObservation {
    storage.observe(observer)
  }

  /// The number of effect tasks still running (for tests and diagnostics).
  public var runningTaskCount: Int { storage.tasks.count }
}
