import OctoreactCore
import SignupFeature

/// (b) `actions` field edits into `ReactorStore(SignupReactor)` with one state observer
/// (``StateObserver``).
///
/// The actions go to username, password and repeated password in turn, each cycling over its 16
/// prepared values (``SignupFixtures``). Every username is well formed, so each one starts an
/// availability check (an effect task) and cancels the previous one. The API answers at once.
///
/// "Throughput (actions/s)": actions over the time from the first send until no effect task is
/// running (`runningTaskCount == 0`) and the observer has seen the final state. The run's last
/// username, ``SignupFixtures/finalUsername``, is the only one the API reports taken, so the final
/// state (its answer included) appears only once its check has answered.
///
/// The measured window goes on until the process is idle ("Throughput until idle"): a cancelled
/// check leaves the task table at once, but its task still runs its body later.
package enum SignupReactorWorkload {
  package static func run(_ recorder: some WorkloadRecorder, actions: Int, observer: StateObserver) async {
    let validation = SignupFixtures.validation
    let store = ReactorStore(SignupReactor(validation: validation))
    let expected = await expectedFinalState(actions: actions, validation: validation)
    let watch = StateWatch(store, with: observer) { $0 == expected }
    defer { watch.cancel() }
    let watchdog = startWatchdog(for: recorder, waitingFor: "the final state")
    defer { watchdog.cancel() }

    let window = await MeasuredWindow.open(for: recorder)
    let start = window.start
    for index in 0..<actions {
      switch SignupFixtures.input(index, of: actions) {
      case (.username, let value): store.send(.usernameChanged(value))
      case (.password, let value): store.send(.passwordChanged(value))
      case (.repeatedPassword, let value): store.send(.repeatedPasswordChanged(value))
      }
    }
    let tasksDone = await settle(within: .seconds(60)) {
      watch.hasSeenFinalState && store.runningTaskCount == 0
    }
    let seen = watch.count
    let settledAt = ContinuousClock.now
    // Then until the process is idle: a cancelled effect task leaves the task table at once, but
    // its body still runs (the API call; its answer is dropped), and that work is part of the action.
    let idleSince = tasksDone ? await waitUntilIdle(limit: .seconds(300)) : nil
    let end = idleSince ?? ContinuousClock.now
    window.close(for: recorder)
    let busyAfterSettled = max(.zero, settledAt.duration(to: end))
    let residualCPU = await residualCPU()

    guard seen > 0, tasksDone, idleSince != nil, store.currentState == expected else {
      recorder.fail("observer saw \(seen) states, running tasks: "
          + "\(store.runningTaskCount), final state \(store.currentState), expected \(expected)"
      )
    }
    recorder.recordRate(.actionsPerSecond, inputs: actions, elapsed: start.duration(to: settledAt))
    recorder.recordRate(.actionsPerSecondUntilIdle, inputs: actions, elapsed: start.duration(to: end))
    recorder.record(.idleTail, Int((busyAfterSettled.seconds * 1000).rounded()))
    recorder.record(.residualCPU, residualCPU)
  }

  /// The state after the run: the last value of each field and its result.
  static func expectedFinalState(actions: Int, validation: ValidationService) async -> SignupReactor.State {
    let password = SignupFixtures.lastValue(of: .password, count: actions)
    let repeated = SignupFixtures.lastValue(of: .repeatedPassword, count: actions)
    var state = SignupReactor.State()
    state.username = SignupFixtures.lastValue(of: .username, count: actions)
    state.usernameResult = await validation.availability(of: state.username)
    state.password = password
    state.passwordResult = validation.validatePassword(password)
    state.repeatedPassword = repeated
    state.repeatedPasswordResult = validation.validateRepeatedPassword(password, repeated: repeated)
    return state
  }
}
