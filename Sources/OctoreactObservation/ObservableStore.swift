public import Observation
public import OctoreactCore

/// A `ReactorStore` seen from the main actor through Observation: what a SwiftUI view or a UIKit
/// view controller holds to show a reactor's state and send it actions.
///
/// For example, a SwiftUI view over the Signup reactor:
///
/// ```swift
/// struct SignupView: View {
///   @State private var store = ObservableStore(SignupReactor(validation: ValidationService(api: api)))
///
///   var body: some View {
///     TextField("Username", text: store.binding(\.username, send: { .usernameChanged($0) }))
///     Text(store.state.usernameResult.text(SignupMessages()))
///     Button("Sign up") { store.send(.signup) }.disabled(!store.state.isSignupEnabled)
///   }
/// }
/// ```
///
/// UIKit code reads ``state`` where UIKit tracks Observation (`layoutSubviews` and the like, with
/// observation tracking enabled) or inside `withObservationTracking`, and calls ``send(_:)`` from
/// its actions.
///
/// **Delivery.** ``state`` follows the store's states, in order, on the main actor:
/// - An action sent through ``send(_:)`` (or a binding): its synchronous mutations are in ``state``
///   when ``send(_:)`` returns, so after `send(.increase)` the new count is shown already. An action
///   sent while an earlier state is being applied (by an observer of ``state``) is shown right after
///   it, never in the middle.
/// - Any other state (an effect's mutation, an action sent straight to ``store`` from any thread)
///   reaches the main actor through one task. States that arrive before that task runs are
///   coalesced: ``state`` skips to the newest, as a screen should, and always ends on the store's
///   latest state. It never goes back to an older state.
/// - With an `Equatable` state, a state equal to the shown one changes nothing and notifies no
///   observer.
///
/// **Lifetime.** The adapter keeps its store alive; the store does not keep the adapter alive.
/// Releasing the adapter ends its observation of the store.
@MainActor
@Observable
public final class ObservableStore<R: Reactor> {
  /// The store's latest state as the main actor has seen it; observable through Observation.
  public private(set) var state: R.State

  /// The store this adapter shows, for code that sends to it or observes it off the main actor.
  @ObservationIgnored public let store: ReactorStore<R>

  /// Carries the store's states here.
  @ObservationIgnored private let delivery: StateDelivery<R.State>

  /// True when two states look the same to a view: then the newer one notifies nobody.
  @ObservationIgnored private let isDuplicate: ((R.State, R.State) -> Bool)?

  /// The store's observation, which ends when the adapter releases it. Held without naming its
  /// type: the adapter only needs it to live exactly as long as itself.
  @ObservationIgnored private var observation: (any Sendable)?

  /// Shows `store`, starting from its current state.
  public convenience init(_ store: ReactorStore<R>) {
    self.init(store: store, isDuplicate: nil)
  }

  /// Shows `store`, starting from its current state; a new state equal to the shown one is ignored.
  public convenience init(_ store: ReactorStore<R>) where R.State: Equatable {
    self.init(store: store, isDuplicate: { $0 == $1 })
  }

  /// Runs `reactor` in a new store and shows it.
  public convenience init(_ reactor: R) {
    self.init(ReactorStore(reactor))
  }

  /// Runs `reactor` in a new store and shows it; a new state equal to the shown one is ignored.
  public convenience init(_ reactor: R) where R.State: Equatable {
    self.init(ReactorStore(reactor))
  }

  private init(store: ReactorStore<R>, isDuplicate: ((R.State, R.State) -> Bool)?) {
    self.store = store
    self.state = store.currentState
    self.isDuplicate = isDuplicate
    let delivery = StateDelivery<R.State>()
    self.delivery = delivery
    // The delivery holds the adapter weakly and the store holds the delivery: no cycle.
    delivery.attach { [weak self] state in self?.show(state) }
    observation = store.observe { state in delivery.offer(state) }
    // A state that changed since `currentState` was read, shown now rather than after a hop.
    delivery.deliverPending()
  }

  /// Sends `action` to the store. Its synchronous mutations are in ``state`` when this returns.
  public func send(_ action: R.Action) {
    store.send(action)
    delivery.deliverPending()
  }

  private func show(_ newState: R.State) {
    // The backing storage, so that comparing does not register an access in a tracking scope.
    if let isDuplicate, isDuplicate(_state, newState) { return }
    state = newState
  }
}
