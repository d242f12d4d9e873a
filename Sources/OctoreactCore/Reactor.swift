/// A reactor is the logic of one screen: it turns actions into mutations and mutations into state.
///
/// A reactor is a description, not a running thing: a `Sendable` value holding its dependencies.
/// ``ReactorStore`` runs it: it owns the state, serializes every action and mutation, and runs the
/// asynchronous work that ``mutate(action:state:)`` returns. One reactor can back many stores.
///
/// The data flow, one action at a time:
///
/// ```
/// send(action) → transform(action:) → mutate(action:state:) → Effect<Mutation>
///   each mutation → transform(mutation:) → reduce(state:mutation:) → transform(state:) → observers
/// ```
///
/// For example, a counter:
///
/// ```swift
/// struct CounterReactor: Reactor {
///   enum Action: Sendable { case increase, decreaseLater }
///   enum Mutation: Sendable { case add(Int) }
///   struct State: Sendable, Equatable { var count = 0 }
///
///   let clock: any Clock<Duration>
///   var initialState: State { State() }
///
///   func mutate(action: Action, state: State) -> Effect<Mutation> {
///     switch action {
///     case .increase: .just(.add(1))
///     case .decreaseLater:
///       .run { send in
///         try? await clock.sleep(for: .seconds(1))
///         send(.add(-1))
///       }
///     }
///   }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     var state = state
///     switch mutation {
///     case .add(let n): state.count += n
///     }
///     return state
///   }
/// }
///
/// let store = ReactorStore(CounterReactor(clock: ContinuousClock()))
/// store.send(.increase)   // store.currentState.count == 1 when send returns
/// ```
///
/// **Differences from ReactorKit.** `mutate` receives the state it runs against instead of reading
/// `currentState`, because the reactor is a value and the store owns the state. The `transform` hooks
/// see one value at a time, because synchronous mutations are applied before `send` returns (there
/// is no observable pipeline to rewrite). Errors are never dropped: a failing ``Effect/run(_:catch:)``
/// turns its error into a mutation.
public protocol Reactor<Action, Mutation, State>: Sendable {
  /// What the user did.
  associatedtype Action: Sendable
  /// A change to the state. Defaults to ``Action`` for reactors whose actions are their mutations.
  associatedtype Mutation: Sendable = Action
  /// Everything the view shows.
  associatedtype State: Sendable

  /// The state before any action.
  var initialState: State { get }

  /// Rewrites each action before ``mutate(action:state:)`` sees it. Defaults to the identity.
  func transform(action: Action) -> Action

  /// Turns an action into the mutations it causes, now and over time.
  ///
  /// **Contract.** Called on the store's serial path: never concurrently with itself or with
  /// ``reduce(state:mutation:)`` for the same store. `state` is the state at the time the action is
  /// processed. The mutations the returned effect emits synchronously are applied before
  /// ``ReactorStore/send(_:)`` returns; asynchronous ones are applied in the order they arrive.
  func mutate(action: Action, state: State) -> Effect<Mutation>

  /// Rewrites each mutation before ``reduce(state:mutation:)`` sees it. Defaults to the identity.
  func transform(mutation: Mutation) -> Mutation

  /// Returns the state after one mutation. Pure: no effects, no clock, no randomness.
  ///
  /// The store hands over its state (`consuming`): an implementation that declares the parameter
  /// `consuming` too changes it in place and returns it with `return consume state`, with no copy
  /// of the state per mutation (a plain `return state` still copies it, as of Swift 6.3, and then
  /// destroys the original); one written as ReactorKit's (`state: State`, then
  /// `var state = state`) works unchanged.
  func reduce(state: consuming State, mutation: Mutation) -> State

  /// Rewrites each new state before observers see it. Defaults to the identity.
  func transform(state: State) -> State
}

// MARK: - Defaults

extension Reactor {
  /// The action unchanged.
  public func transform(action: Action) -> Action { action }
  /// The mutation unchanged.
  public func transform(mutation: Mutation) -> Mutation { mutation }
  /// The state unchanged.
  public func transform(state: State) -> State { state }
}

extension Reactor where Mutation == Action {
  /// A reactor whose actions are its mutations forwards each action unchanged.
  public func mutate(action: Action, state: State) -> Effect<Mutation> { .just(action) }
}
