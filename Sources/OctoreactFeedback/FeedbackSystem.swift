public import OctoreactCore

/// A running feedback system: a state, a pure `reduce` and feedback loops (RxFeedback's `system`).
///
/// The data flow is a circle. Events (from the user, through ``send(_:)``, or from an effect) are
/// reduced into the next state; every new state goes to the observers and to each ``Feedback``
/// loop, which reads its requests from it and starts or cancels effects; effects send events.
///
/// ```
/// send(event) ─▶ reduce(state, event) ─▶ state ─▶ observers
///     ▲                                    │
///     └──── effect(request) ◀── request(state): started, kept, or cancelled
/// ```
///
/// For example, a counter whose state asks for a delayed decrease:
///
/// ```swift
/// struct State: Sendable { var count = 0; var decreaseRequested = false }
/// enum Event: Sendable { case increase, decreaseLater, decreased }
///
/// let system = FeedbackSystem<State, Event>(
///   initialState: State(),
///   reduce: { state, event in
///     var state = state
///     switch event {
///     case .increase: state.count += 1
///     case .decreaseLater: state.decreaseRequested = true
///     case .decreased: state.count -= 1; state.decreaseRequested = false
///     }
///     return state
///   },
///   feedback: [
///     .react(request: { $0.decreaseRequested ? true : nil }) { _, send in
///       try? await clock.sleep(for: .seconds(1))
///       send(.decreased)
///     }
///   ]
/// )
/// system.send(.increase)   // system.currentState.count == 1 when send returns
/// ```
///
/// **Guarantees** (the full table, with the test of each row: <doc:OctoreactFeedback>).
/// - Events are reduced one at a time, in the order they are sent; a ``send(_:)`` made while nobody
///   processes the system has reduced its event (and started or cancelled its effects) when it
///   returns. A send from an observer or an effect is queued, never lost.
/// - Observers get the current state first, then every change. No lock is held while `reduce`, an
///   observer, a request rule or an effect runs: each may read ``currentState`` and send.
/// - A cancelled effect never delivers an event afterwards, even if its work ignores cancellation.
/// - Releasing the system cancels its effects and ends its state sequences.
/// - A system made with ``init(initialState:reduce:feedback:events:)`` reports each event, state and
///   effect started, finished or cancelled (``FeedbackEvent``), in order.
///
/// The system is run by OctoreactCore's `ReactorStore`: every event goes through its serial queue.
public final class FeedbackSystem<State: Sendable, Event: Sendable>: Sendable {
  @usableFromInline let store: ReactorStore<FeedbackReactor<State, Event>>

  /// Starts a system at `initialState`; the loops' effects for it start before this returns.
  ///
  /// `reduce` must be pure: no effects, no clock. Effects belong in `feedback`, and take their clock
  /// from the feature that makes them.
  @inlinable
  public init(
    initialState: State,
    reduce: @escaping @Sendable (State, Event) -> State,
    feedback: [Feedback<State, Event>]
  ) {
    let reference = SystemReference<State, Event>()
    store = ReactorStore(
      FeedbackReactor(initialState: initialState, reduce: reduce, feedback: feedback, system: reference))
    reference.set(store)
    store.send(.start)
  }

  /// Starts a system at `initialState`, as the initializer without `events` does, reporting every step to `events`: each event reduced, each state, and each loop's effects
  /// started (with their request), finished and cancelled (``FeedbackEvent``).
  ///
  /// `events` is called as a synchronous observer is: by the thread processing the system, one step
  /// at a time, in order, with no lock held; nothing is buffered for it. A system made without it
  /// pays for none.
  public init(
    initialState: State,
    reduce: @escaping @Sendable (State, Event) -> State,
    feedback: [Feedback<State, Event>],
    events: @escaping @Sendable (FeedbackEvent<State, Event>) -> Void
  ) {
    let reference = SystemReference<State, Event>()
    let translator = FeedbackEventTranslator<State, Event>(events)
    store = ReactorStore(
      FeedbackReactor(initialState: initialState, reduce: reduce, feedback: feedback, system: reference),
      events: translator.translate)
    reference.set(store)
    store.send(.start)
  }

  /// Reduces `event` into the state, or queues it for the thread processing the system.
  @inlinable
  public func send(_ event: Event) { store.send(.event(event)) }

  /// The latest state; safe to read from anywhere, observers and effects included.
  @inlinable
  public var currentState: State { store.currentState.state }

  /// The current state, then every change, ending when the system is released.
  @inlinable
  public var states: some AsyncSequence<State, Never> & Sendable { store.states.map(\.state) }

  /// The current state, then changes as a slow observer can take them, always ending on the latest.
  @inlinable
  public var latestStates: some AsyncSequence<State, Never> & Sendable { store.latestStates.map(\.state) }

  /// Calls `observer` with the current state, then with every change, synchronously, on the thread
  /// that made the change, with no lock held, until the observation is cancelled or released.
  @inlinable
  public func observe(_ observer: @escaping @Sendable (State) -> Void) -> BroadcastObservation {
    store.observe { observer($0.state) }
  }

  /// The effects whose work may still be running (cancelled ones that have not returned included).
  /// For tests and diagnostics ("is the system idle?").
  @inlinable
  public var runningEffectCount: Int { store.runningTaskCount }

  /// The effects that may still deliver an event.
  @inlinable
  public var liveEffectCount: Int { store.liveTaskCount }
}

extension FeedbackSystem {
  /// A system with its feedback loops written one after another.
  @inlinable
  public convenience init(
    initialState: State,
    reduce: @escaping @Sendable (State, Event) -> State,
    feedback: Feedback<State, Event>...
  ) {
    self.init(initialState: initialState, reduce: reduce, feedback: feedback)
  }
}
