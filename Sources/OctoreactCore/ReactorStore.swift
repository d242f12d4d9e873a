/// Runs a ``Reactor``: owns its state, takes its actions, and carries out its effects.
///
/// For example:
///
/// ```swift
/// let store = ReactorStore(CounterReactor(clock: ContinuousClock()))   // ``Reactor``'s example
/// store.send(.increase)                                  // store.currentState.count == 1
/// let observation = store.observe { state in print(state.count) }
/// for await state in store.states { print(state.count) }
/// ```
///
/// **Guarantees** (the full table, with the test of each row: <doc:ThreadingAndOrdering>).
/// - Actions, mutations from effects and observer registrations are processed one at a time, in the
///   order they are queued, by one thread at a time (the drainer). A ``send(_:)`` made while nobody
///   processes the store processes it (and everything queued meanwhile) before it returns, so its
///   synchronous mutations are applied when it returns. A `send` made while another thread processes
///   the store, or from inside the store's own processing (`mutate`, `reduce`, a transform hook, an
///   observer), is queued and returns at once: the processing thread applies it, in order, before it
///   lets go. Back-pressure: a `send` from outside any store's processing that finds more than 1,024
///   items queued for another thread waits until that thread has processed half (``send(_:)``).
/// - No lock is held while user code runs: ``currentState`` can be read anywhere (observers,
///   effects, other threads), and stores may send to each other from their observers.
/// - Asynchronous effects run in tasks the store owns. A task that was cancelled (by a later
///   effect or by the store's release) never delivers a mutation afterwards.
/// - Observers get the current state first, then every change, in order. ``states`` goes through a
///   buffer per observer, so a slow sequence observer never blocks the store.
/// - Releasing the store cancels its tasks and ends its state sequences; tasks hold it weakly.
/// - A store made with ``init(_:events:)`` reports each action, mutation, state and effect started,
///   finished or cancelled (``ReactorEvent``), in order, as it calls observers.
public final class ReactorStore<R: Reactor>: Sendable {
  @usableFromInline let storage: ReactorStorage<R>
  @usableFromInline let stubStorage: ReactorStub<R>?

  /// Starts running `reactor` from its initial state.
  public init(_ reactor: R) {
    storage = ReactorStorage(reactor: reactor)
    stubStorage = nil
  }

  /// Starts running `reactor` from its initial state, reporting every step of its work to `events`:
  /// each action, each mutation, each new state, and each piece of asynchronous work started,
  /// finished or cancelled (``ReactorEvent``, which gives the order). For an inspector, a log or a
  /// test that checks what a screen did, not only what it shows.
  ///
  /// `events` is called the way a synchronous observer (``observe(_:)``) is: by the thread
  /// processing the store, one event at a time, in order, with no lock held. It may read
  /// ``currentState`` and send (queued, processed after the current work); something slow in it
  /// delays the store. Nothing is buffered for it: keeping a bounded history is its business.
  ///
  /// A store made with ``init(_:)`` has no such hook, and pays for none: a check of a `nil` per step.
  public init(_ reactor: R, events: @escaping @Sendable (ReactorEvent<R>) -> Void) {
    storage = ReactorStorage(reactor: reactor, hook: EventHook(events))
    stubStorage = nil
  }

  /// A store whose queue makes senders wait from `queueLimit` waiting items on (tests use a small one).
  init(_ reactor: R, queueLimit: Int) {
    storage = ReactorStorage(reactor: reactor, queueLimit: queueLimit)
    stubStorage = nil
  }

  init(stubbing reactor: R) {
    storage = ReactorStorage(reactor: reactor)
    stubStorage = ReactorStub(storage: storage)
  }

  deinit { storage.shutDown() }

  /// The reactor this store runs.
  public var reactor: R { storage.reactor }

  /// Processes `action`, or queues it for the thread processing the store.
  ///
  /// **Ordering.** When nobody processes the store, this call does: the action's synchronous
  /// mutations (and whatever was queued meanwhile) are applied when it returns. When another thread
  /// processes it, or when called from inside the store's own processing (an observer, `mutate`,
  /// `reduce`), the action is queued behind the work already queued and this returns at once; that
  /// processing applies it before it lets go.
  ///
  /// **Back-pressure.** When this call is not made from inside any store's processing and the store
  /// has more than 1,024 items queued for another thread that is working through them, it waits until
  /// that thread has brought the queue down to half (the action is queued first, so order is
  /// unchanged). Calls made from observers, `mutate`, `reduce` or cancellation handlers never wait.
  @inlinable
  public func send(_ action: R.Action) {
    if let stubStorage {
      stubStorage.record(action)
    } else {
      storage.send(action)
    }
  }

  /// The latest state; safe to read from anywhere, observers and effects included.
  @inlinable
  public var currentState: R.State { storage.currentState }

  /// The current state, then every change, ending when the store is released.
  ///
  /// The observer is registered through the store's queue when this returns: it starts from the
  /// state at that point in the queue, so no change is missed in between.
  public var states: BroadcastValues<R.State> { values(keepingOnlyLatest: false) }

  /// The current state, then changes as a slow observer can take them: a screen skips the states
  /// it had no time to show, and always ends on the latest.
  public var latestStates: BroadcastValues<R.State> { values(keepingOnlyLatest: true) }

  func values(keepingOnlyLatest: Bool) -> BroadcastValues<R.State> {
    let buffer = ObserverBuffer<R.State>(keepsOnlyLatest: keepingOnlyLatest)
    storage.addObserver(.buffer(buffer))
    return BroadcastValues(BroadcastSubscription(buffer))
  }

  /// Calls `observer` with the current state, then with every change, synchronously, on the thread
  /// that made the change and before that thread goes on (ReactorKit's `reactor.state.subscribe`),
  /// until the observation is cancelled or released.
  ///
  /// No buffer and no task: for an observer that keeps pace with the store, such as a renderer that
  /// copies the state somewhere. It runs with no lock held: it may read ``currentState``,
  /// ``send(_:)`` to this store or another (queued and processed after the current work), and start
  /// or cancel observations. It runs on the thread processing the store, so something slow in it
  /// delays this store's processing (another thread's `send` only queues, unless that thread outruns
  /// it by more than 1,024 items: see the back-pressure of ``send(_:)``).
  ///
  /// Registration goes through the store's queue: when nobody processes the store, `observer` has
  /// had its first call when this returns; otherwise the processing thread calls it first with the
  /// state at that point, then with every change.
  public func observe(_ observer: @escaping @Sendable (R.State) -> Void) -> BroadcastObservation {
    let observation = BroadcastObservation()
    storage.addObserver(.closure(ClosureObserver(observer, isActive: observation.isActive)))
    return observation
  }

  /// The effect tasks whose body may still be running: live ones, and cancelled ones that started
  /// and have not returned yet (their mutations are dropped). A task counts from the action that
  /// started it until its body returns and the store has processed its end; one cancelled before its
  /// task was made never counts again. For tests and diagnostics ("is the store idle?").
  public var runningTaskCount: Int { storage.tasks.count }

  /// The effect tasks that may still deliver a mutation (not cancelled, not ended).
  public var liveTaskCount: Int { storage.tasks.liveCount }
}
