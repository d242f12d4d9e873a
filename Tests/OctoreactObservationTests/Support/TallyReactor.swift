import OctoreactCore

/// A count and a name: enough to change one part of the state, or none of it.
struct TallyReactor: Reactor {
  enum Action: Sendable {
    case increment
    case rename(String)
    /// Leaves the state as it is (a mutation that changes nothing).
    case touch
    /// Increments from a task the store owns, off the main actor.
    case incrementInATask
  }

  enum Mutation: Sendable { case add(Int), setName(String), none }

  struct State: Sendable, Equatable {
    var count = 0
    var name = ""
  }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: .just(.add(1))
    // The reactor decides what a name is: the control shows what it made of the input.
    case .rename(let name): .just(.setName(name.lowercased()))
    case .touch: .just(.none)
    case .incrementInATask: .run { send in send(.add(1)) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let n): state.count += n
    case .setName(let name): state.name = name
    case .none: break
    }
    return state
  }
}

/// ``TallyReactor`` with a state that is not `Equatable`: every state is news to the adapter.
struct OpaqueTallyReactor: Reactor {
  typealias Action = TallyReactor.Action
  typealias Mutation = TallyReactor.Mutation
  struct State: Sendable { var tally = TallyReactor.State() }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    TallyReactor().mutate(action: action, state: state.tally)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(tally: TallyReactor().reduce(state: state.tally, mutation: mutation))
  }
}
