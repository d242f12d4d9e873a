import OctoreactCore
import SignupFeature
import OctoreactMVVM

/// A wireframe whose user dismisses every prompt at once.
struct ImmediateWireframe: Wireframe {
  func promptFor(_ message: String, cancelAction: String, actions: [String]) async -> String { cancelAction }
}

/// (c) `events` text-field events into the stream view model, `SignupViewModel`, with one observer
/// on each of its six outputs.
///
/// The events go to username, password and repeated password in turn, each cycling over its 16
/// prepared values, as in the reactor workload; the run's last event is the username
/// ``SignupFixtures/finalUsername``.
///
/// The view model's pipelines are asynchronous: `flatMapLatest` drops the check of a name replaced
/// before its answer, and `signupEnabled` is de-duplicated, so outputs skip intermediate values.
/// "Throughput (events/s)": events over the time from the first event until every output reflects
/// the last inputs:
/// - `validatedPassword` (a `map`, one value per password event) has delivered exactly one value
///   per password event after its initial one, the last being the last password's result;
/// - `validatedPasswordRepeated` (`combineLatest`, which buffers: one value per event to either
///   field) has delivered exactly one value per password or repeat event, the last being right;
/// - `validatedUsername` shows "Username already taken", which only the last username produces;
/// - `signupEnabled` is `false` (the last username is taken), `signingIn` `false`, and `signedIn`
///   has delivered nothing (there is no tap).
/// The measured window goes on until the process is idle (under 5 % of a core in three 10 ms
/// windows in a row): `signupEnabled` is de-duplicated, so a count cannot prove it drained, and the
/// `edits` → `signedIn` pipeline works for every event but shows nothing without a tap. "Throughput
/// until idle" counts that time too; "Busy after settled" is the difference.
///
/// To tell the pipelines' first values apart from the outputs' initial values, the password field
/// starts as "init" (too short) and the repeat as "x" (different): the observers' counts start once
/// those results are seen, before the measurement.
package enum SignupViewModelWorkload {
  package static func run(_ recorder: some WorkloadRecorder, events: Int) async {
    let validation = SignupFixtures.validation
    let username = Broadcast("")
    let password = Broadcast("init")
    let repeatedPassword = Broadcast("x")
    let (taps, tapsContinuation) = AsyncStream.makeStream(of: Void.self)
    defer { tapsContinuation.finish() }
    let model = SignupViewModel(
      input: .init(username: username, password: password, repeatedPassword: repeatedPassword, signupTaps: taps),
      validation: validation,
      wireframe: ImmediateWireframe()
    )

    let usernameResult = Observed<ValidationResult>()
    let passwordResult = Observed<ValidationResult>()
    let repeatedResult = Observed<ValidationResult>()
    let signupEnabled = Observed<Bool>()
    let signingIn = Observed<Bool>()
    let signedIn = Observed<Bool>()
    // Observed synchronously, as Rx's `subscribe` and RxCocoa's `drive` are; `signedIn` is a
    // sequence of events, iterated by a task.
    let observations = [
      model.validatedUsername.observe { usernameResult.record($0) },
      model.validatedPassword.observe { passwordResult.record($0) },
      model.validatedPasswordRepeated.observe { repeatedResult.record($0) },
      model.signupEnabled.observe { signupEnabled.record($0) },
      model.signingIn.observe { signingIn.record($0) },
    ]
    let signedInObserver = observe(model.signedIn, into: signedIn)
    defer {
      for observation in observations { observation.cancel() }
      signedInObserver.cancel()
    }

    // Before measuring: the pipelines have processed the fields' initial text.
    let initialPassword = validation.validatePassword("init")
    let initialRepeat = validation.validateRepeatedPassword("init", repeated: "x")
    guard
      await settle(
        within: .seconds(10),
        {
          passwordResult.snapshot.latest == initialPassword && repeatedResult.snapshot.latest == initialRepeat
        })
    else {
      recorder.fail("the view model did not process the initial text")
    }
    let passwordCountBefore = passwordResult.snapshot.count
    let repeatedCountBefore = repeatedResult.snapshot.count

    let passwordEvents = SignupFixtures.inputCount(of: .password, count: events)
    let repeatEvents = SignupFixtures.inputCount(of: .repeatedPassword, count: events)
    let lastPassword = SignupFixtures.lastValue(of: .password, count: events)
    let lastRepeat = SignupFixtures.lastValue(of: .repeatedPassword, count: events)
    let expectedUsername = await validation.availability(of: SignupFixtures.lastValue(of: .username, count: events))
    let expectedPassword = validation.validatePassword(lastPassword)
    let expectedRepeat = validation.validateRepeatedPassword(lastPassword, repeated: lastRepeat)
    guard SignupFixtures.lastIndex(of: .username, count: events) == events - 1 else {
      recorder.fail("the last event must be the final username; choose an event count of the form 3k + 1")
    }

    let window = await MeasuredWindow.open(for: recorder)
    let start = window.start
    for index in 0..<events {
      switch SignupFixtures.input(index, of: events) {
      case (.username, let value): username.send(value)
      case (.password, let value): password.send(value)
      case (.repeatedPassword, let value): repeatedPassword.send(value)
      }
    }
    let outputsSettled = await settle(within: .seconds(600), sleeping: .milliseconds(1)) {
      let (latestPassword, passwordCount) = passwordResult.snapshot
      guard passwordCount - passwordCountBefore == passwordEvents, latestPassword == expectedPassword else {
        return false
      }
      let (latestRepeat, repeatCount) = repeatedResult.snapshot
      guard repeatCount - repeatedCountBefore == passwordEvents + repeatEvents, latestRepeat == expectedRepeat else {
        return false
      }
      return usernameResult.snapshot.latest == expectedUsername && signupEnabled.snapshot.latest == false
    }
    let outputsSettledAt = ContinuousClock.now
    let elapsedToOutputs = start.duration(to: outputsSettledAt)
    // Then until the view model has nothing left to do: pipelines no output shows still have a
    // backlog when the outputs are right, and their work is part of handling the events.
    let idleSince = outputsSettled ? await waitUntilIdle(limit: .seconds(600)) : nil
    let end = idleSince ?? ContinuousClock.now
    let elapsed = start.duration(to: end)
    window.close(for: recorder)
    let settled = outputsSettled && idleSince != nil
    let busyAfterOutputs = max(.zero, outputsSettledAt.duration(to: end))
    let residualCPU = await residualCPU()

    let passwordSeen = passwordResult.snapshot.count - passwordCountBefore
    let repeatSeen = repeatedResult.snapshot.count - repeatedCountBefore
    guard
      settled, passwordSeen == passwordEvents, repeatSeen == passwordEvents + repeatEvents,
      usernameResult.snapshot.latest == expectedUsername, passwordResult.snapshot.latest == expectedPassword,
      repeatedResult.snapshot.latest == expectedRepeat, signupEnabled.snapshot.latest == false,
      signingIn.snapshot.latest == false, signedIn.snapshot.count == 0
    else {
      recorder.fail("""
        outputs did not settle on the last inputs: username \(String(describing: usernameResult.snapshot)) \
        (expected \(expectedUsername)), password \(passwordSeen)/\(passwordEvents) \
        \(String(describing: passwordResult.snapshot.latest)) (expected \(expectedPassword)), repeat \
        \(repeatSeen)/\(passwordEvents + repeatEvents) \(String(describing: repeatedResult.snapshot.latest)) \
        (expected \(expectedRepeat)), signupEnabled \(String(describing: signupEnabled.snapshot)), signingIn \
        \(String(describing: signingIn.snapshot)), signedIn \(String(describing: signedIn.snapshot))
        """
      )
    }
    recorder.recordRate(.eventsPerSecond, inputs: events, elapsed: elapsedToOutputs)
    recorder.recordRate(.eventsPerSecondUntilIdle, inputs: events, elapsed: elapsed)
    recorder.record(.idleTail, Int((busyAfterOutputs.seconds * 1000).rounded()))
    recorder.record(.residualCPU, residualCPU)
  }
}
