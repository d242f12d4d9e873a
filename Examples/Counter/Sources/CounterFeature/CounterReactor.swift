import OctoreactCore

/// ReactorKit's Counter: two buttons change a value after a delay, with a spinner meanwhile.
public struct CounterReactor: Reactor {
  /// The two buttons.
  public enum Action: Sendable {
    case increase
    case decrease
  }

  /// What the reactor changes in the state.
  public enum Mutation: Sendable {
    case increaseValue
    case decreaseValue
    case setLoading(Bool)
  }

  /// What the screen shows: the value, and the spinner while a change is on its way.
  public struct State: Sendable, Equatable {
    public var value = 0
    public var isLoading = false

    public init(value: Int = 0, isLoading: Bool = false) {
      self.value = value
      self.isLoading = isLoading
    }
  }

  /// How long a button takes to change the value (ReactorKit's example: 500 ms).
  public static let delay = Duration.milliseconds(500)

  let clock: any Clock<Duration>

  /// A counter whose delays are measured by `clock`: a `ContinuousClock` in the app, a `TestClock`
  /// in tests.
  public init(clock: any Clock<Duration>) { self.clock = clock }

  public var initialState: State { State() }

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    let change: Mutation = action == .increase ? .increaseValue : .decreaseValue
    // The spinner at once, the change after the delay, then the spinner off: one after another.
    return .concat(
      .just(.setLoading(true)),
      .task { [clock] in
        try? await clock.sleep(for: Self.delay)
        return change
      },
      .just(.setLoading(false))
    )
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue: state.value += 1
    case .decreaseValue: state.value -= 1
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}
