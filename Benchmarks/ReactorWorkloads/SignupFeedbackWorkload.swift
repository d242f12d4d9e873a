import OctoreactFeedback
import SignupFeature

/// (b, feedback) workload (b)'s field edits into the Signup screen as a feedback system
/// (`SignupFeedback`), with one state observer: the side of RxFeedback's signup.
///
/// The same inputs as ``SignupReactorWorkload``: each username is well formed, so each one is a new
/// request in the state, which cancels the previous check and starts another. The final state is the
/// reactor workload's, reached when its last check has answered.
package enum SignupFeedbackWorkload {
  /// What the runner prints after the figures, as the RxFeedback peer (`Benchmarks/Peers`) does.
  package struct Outcome {
    /// ``finalStateChecksum(_:)`` of the final state: the same on both sides.
    package let checksum: String
    /// The states the observer saw, the initial one included: one per event reduced, so it shows how
    /// many checks answered (a check cancelled before its answer adds none).
    package let statesObserved: Int
  }

  @discardableResult
  package static func run(_ recorder: some WorkloadRecorder, actions: Int, observer: StateObserver) async -> Outcome {
    let validation = SignupFixtures.validation
    let system = SignupFeedback(validation: validation).makeSystem()
    let expected = await SignupReactorWorkload.expectedFinalState(actions: actions, validation: validation)
    let watch = StateWatch(system, with: observer) { $0.screen == expected }
    defer { watch.cancel() }
    let watchdog = startWatchdog(for: recorder, waitingFor: "the final state")
    defer { watchdog.cancel() }

    let window = await MeasuredWindow.open(for: recorder)
    let start = window.start
    for index in 0..<actions {
      switch SignupFixtures.input(index, of: actions) {
      case (.username, let value): system.send(.user(.usernameChanged(value)))
      case (.password, let value): system.send(.user(.passwordChanged(value)))
      case (.repeatedPassword, let value): system.send(.user(.repeatedPasswordChanged(value)))
      }
    }
    let effectsDone = await settle(within: .seconds(60)) {
      watch.hasSeenFinalState && system.runningEffectCount == 0
    }
    let settledAt = ContinuousClock.now
    window.close(for: recorder)

    guard watch.count > 0, effectsDone, system.currentState.screen == expected else {
      recorder.fail(
        "observer saw \(watch.count) states, running effects: \(system.runningEffectCount), "
          + "final state \(system.currentState.screen), expected \(expected)"
      )
    }
    recorder.recordRate(.actionsPerSecond, inputs: actions, elapsed: start.duration(to: settledAt))
    return Outcome(checksum: finalStateChecksum(system.currentState), statesObserved: watch.count)
  }
}
