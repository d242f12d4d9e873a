import OctoreactCore

/// A reactor that counts actions and remembers whether the last one came from outside, so an
/// observer can forward each outside action exactly once to another store (the stress and
/// back-pressure tests' stores that feed each other).
struct RelayReactor: Reactor {
  enum Action: Sendable { case external, forwarded }
  typealias Mutation = Action
  struct State: Sendable, Equatable {
    var count = 0
    var lastWasExternal = false
  }

  var initialState: State { State() }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.count += 1
    state.lastWasExternal = mutation == .external
    return state
  }
}
