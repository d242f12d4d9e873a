import OctoreactCore

/// The smallest reactor: one action, one synchronous mutation.
struct CounterReactor: Reactor {
  enum Action: Sendable { case increment }
  enum Mutation: Sendable { case add(Int) }
  struct State: Sendable, Equatable { var count = 0 }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: .just(.add(1))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.count += amount
    }
    return state
  }
}

/// (a) `actions` sends of `.increment` with one state observer (``StateObserver``).
///
/// Measured: from the first send until the observer has seen the final count, so delivery of every
/// state to the observer is included. Checked: the observer saw exactly `actions + 1` states (the
/// initial one, then one per action, none lost or repeated) and the final count is exact.
package enum CounterWorkload {
  package static func run(_ recorder: some WorkloadRecorder, actions: Int, observer: StateObserver) async {
    let store = ReactorStore(CounterReactor())
    let watch = StateWatch(store, with: observer) { $0.count == actions }
    defer { watch.cancel() }
    let watchdog = startWatchdog(for: recorder, waitingFor: "the final count")
    defer { watchdog.cancel() }

    let window = await MeasuredWindow.open(for: recorder)
    let start = window.start
    for _ in 0..<actions {
      store.send(.increment)
    }
    let finished = await settle(within: .seconds(120)) { watch.hasSeenFinalState }
    let elapsed = start.duration(to: ContinuousClock.now)
    let seen = watch.count
    window.close(for: recorder)

    guard finished, seen == actions + 1, store.currentState.count == actions else {
      recorder.fail("expected \(actions + 1) states ending at \(actions), observer saw \(seen), "
          + "store holds \(store.currentState.count)"
      )
    }
    recorder.recordRate(.actionsPerSecond, inputs: actions, elapsed: elapsed)
    recorder.record(.residualCPU, await residualCPU())
  }
}
