import ReactorCore

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
    let name = recorder.name
    let watchdog = Task {
      try await Task.sleep(for: .seconds(120))
      fatalError("\(name): the observer did not see the final count within 120 s")
    }
    defer { watchdog.cancel() }

    // The previous iteration's store or view model may still be winding down its tasks.
    _ = await waitUntilIdle(limit: .seconds(60))
    let clock = ContinuousClock()
    let load = MachineLoad.start()
    recorder.startMeasurement()
    let start = clock.now
    for _ in 0..<actions {
      store.send(.increment)
    }
    let finished = await settle(within: .seconds(120)) { watch.hasSeenFinalState }
    let elapsed = start.duration(to: clock.now)
    let seen = watch.count
    recorder.stopMeasurement()
    if let others = load.othersPercentOfOneCore() { recorder.record(.otherLoad, others) }

    guard finished, seen == actions + 1, store.currentState.count == actions else {
      recorder.fail("expected \(actions + 1) states ending at \(actions), observer saw \(seen), "
          + "store holds \(store.currentState.count)"
      )
    }
    recorder.recordRate(.actionsPerSecond, inputs: actions, elapsed: elapsed)
    recorder.record(.residualCPU, await residualCPU())
  }
}
