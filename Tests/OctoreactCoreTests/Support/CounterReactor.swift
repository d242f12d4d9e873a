import OctoreactCore

/// The counter of the documentation: every action is its own mutation.
struct CounterReactor: Reactor {
  enum Action: Sendable, Equatable {
    case increase
    case decrease
    case set(Int)
  }

  typealias Mutation = Action

  struct State: Sendable, Equatable {
    var count = 0
  }

  var initialState: State { State() }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .increase: state.count += 1
    case .decrease: state.count -= 1
    case .set(let count): state.count = count
    }
    return state
  }
}
