import Clocks
import OctoreactCore
import OctoreactMVVM
import OctoreactTesting
import SignupFeature
import SignupFeatureTesting
import Testing

/// What only the view models have: `signedIn`, which waits for the user's answer to the prompt,
/// and the Driver's delivery guarantees.
@Suite(.timeLimit(.minutes(1)))
struct SignupViewModelTests {
  @Test func signedInIsDeliveredOnlyAfterThePromptIsAnswered() async {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let controls = SignupControls()
    let viewModel = SignupViewModel(
      input: controls.input, validation: ValidationService(api: server.api), wireframe: controls.wireframe)
    let signedIn = StateRecorder(viewModel.signedIn, clock: clock)
    let enabled = StateRecorder(viewModel.signupEnabled.values(), clock: clock)

    controls.username.send("newbie")
    await server.waitFor(.availabilityAsked("newbie"))
    await clock.advance(by: .seconds(1))
    controls.password.send("secret1")
    controls.repeatedPassword.send("secret1")
    await enabled.first { $0 }

    controls.tap.yield()
    await server.waitFor(.signupAsked("newbie"))
    await clock.advance(by: .seconds(1))
    let prompt = StateRecorder(controls.wireframe.shownPrompt.values(), clock: clock)
    await prompt.first { $0 == "Signed up as newbie." }
    #expect(signedIn.values.isEmpty)

    controls.wireframe.answer()
    let answered = await signedIn.first { _ in true }
    #expect(answered == true)
  }

  @Test func aTapRightAfterAnEditNeverSignsUpTheUncheckedName() async {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let controls = SignupControls()
    let viewModel = SignupViewModel(
      input: controls.input, validation: ValidationService(api: server.api), wireframe: controls.wireframe)
    let enabled = StateRecorder(viewModel.signupEnabled.values(), clock: clock)
    controls.username.send("newbie")
    await server.waitFor(.availabilityAsked("newbie"))
    await clock.advance(by: .seconds(1))
    controls.password.send("secret1")
    controls.repeatedPassword.send("secret1")
    await enabled.first { $0 }

    // The edit and the tap arrive together, before the outputs have caught up with the edit.
    let mark = enabled.count
    controls.username.send("octocat")
    controls.tap.yield()
    await server.waitFor(.availabilityAsked("octocat"))
    for _ in 0..<100 { await Task.yield() }
    #expect(!server.events.value.contains { if case .signupAsked = $0 { true } else { false } })

    // Once "octocat" is checked (taken), "Sign up" stays disabled; a free name then signs up.
    await clock.advance(by: .seconds(1))
    controls.username.send("newbie2")
    await server.waitFor(.availabilityAsked("newbie2"))
    await clock.advance(by: .seconds(1))
    await enabled.next(after: mark) { $0 }
    controls.tap.yield()
    await server.waitFor(.signupAsked("newbie2"))
    #expect(server.events.value.filter { if case .signupAsked = $0 { true } else { false } } == [.signupAsked("newbie2")])
  }

  @Test func eachOutputIsComputedOnceForManyObservers() async {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let controls = SignupControls()
    let viewModel = SignupViewModel(
      input: controls.input, validation: ValidationService(api: server.api), wireframe: controls.wireframe)
    let observers = (0..<3).map { _ in StateRecorder(viewModel.validatedUsername.values(), clock: clock) }

    controls.username.send("newbie")
    await server.waitFor(.availabilityAsked("newbie"))
    await clock.advance(by: .seconds(1))
    for observer in observers { await observer.first { $0.isValid } }
    #expect(server.askedNames == ["newbie"])
  }

  @Test func aLateObserverGetsTheLatestValueFirst() async {
    let clock = TestClock()
    let controls = SignupControls()
    let viewModel = SignupViewModel(
      input: controls.input, validation: ValidationService(api: .unimplemented()), wireframe: controls.wireframe)
    let early = StateRecorder(viewModel.validatedPassword.values(), clock: clock)
    controls.password.send("abc")
    await early.first { $0 != .empty }

    let late = StateRecorder(viewModel.validatedPassword.values(), clock: clock)
    let first = await late.first { _ in true }
    #expect(first == .failed(message: "Password must be at least 5 characters"))
  }

  /// The view model's own activity outputs (issue 15): checks and the signup are each counted by an
  /// `ActivityTracker`, and `networkActive` is on while either is.
  @Test func checkingUsernameAndSigningInMakeNetworkActive() async {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let controls = SignupControls()
    let viewModel = SignupViewModel(
      input: controls.input, validation: ValidationService(api: server.api), wireframe: controls.wireframe)
    let checking = StateRecorder(viewModel.checkingUsername.values(), clock: clock)
    let signingIn = StateRecorder(viewModel.signingIn.values(), clock: clock)
    let network = StateRecorder(viewModel.networkActive.values(), clock: clock)
    let enabled = StateRecorder(viewModel.signupEnabled.values(), clock: clock)

    controls.username.send("newbie")
    await checking.first { $0 }
    await network.first { $0 }
    await server.waitFor(.availabilityAsked("newbie"))
    await clock.advance(by: .milliseconds(200))
    await checking.next(after: 1) { !$0 }
    controls.password.send("secret1")
    controls.repeatedPassword.send("secret1")
    await enabled.first { $0 }
    #expect(network.latest == false)

    // The signup (1 s) and a check (200 ms) overlap: on until the last of them ends.
    controls.tap.yield()
    await signingIn.first { $0 }
    await server.waitFor(.signupAsked("newbie"))
    controls.username.send("octocat")
    await server.waitFor(.availabilityAsked("octocat"))
    await clock.advance(by: .milliseconds(200))
    await server.waitFor(.availabilityAnswered("octocat"))
    await checking.next(after: checking.count - 1) { !$0 }
    #expect(network.latest == true)
    await clock.advance(by: .milliseconds(800))
    await signingIn.next(after: signingIn.count - 1) { !$0 }
    await network.next(after: network.count - 1) { !$0 }
    // De-duplicated: the overlap did not turn the indicator off and on again.
    #expect(network.values == [false, true, false, true, false])
  }

  @MainActor
  @Test func theDriverViewModelDrivesTheActivityOnTheMainActor() async {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let controls = SignupControls()
    let viewModel = SignupDriverViewModel(
      input: controls.input, validation: ValidationService(api: server.api), wireframe: controls.wireframe)
    var seen: [Bool] = []
    let subscription = viewModel.networkActive.drive { seen.append($0) }
    controls.username.send("newbie")
    await server.waitFor(.availabilityAsked("newbie"))
    while seen.last != true || viewModel.checkingUsername.value != true { await Task.yield() }
    #expect(viewModel.signingIn.value != true)  // `nil` until its first delivery
    await clock.advance(by: .milliseconds(200))
    while seen.last != false || viewModel.checkingUsername.value != false { await Task.yield() }
    #expect(seen.removingConsecutiveDuplicates() == [false, true, false])
    #expect(viewModel.validatedUsername.value == .ok(message: "Username available"))
    subscription.cancel()
  }

  @MainActor
  @Test func driverReplaysTheLatestValueToANewObserverAtOnce() async {
    let source = Broadcast(1)
    let driver = Driver(source.values())
    let clock = TestClock()
    let seen = StateRecorder(source.values(), clock: clock)
    source.send(2)
    await seen.first { $0 == 2 }
    while driver.value != 2 { await Task.yield() }

    var received: [Int] = []
    let subscription = driver.drive { received.append($0) }
    #expect(received == [2])  // synchronously, before any suspension
    source.send(3)
    while received.count < 2 { await Task.yield() }
    #expect(received == [2, 3])
    subscription.cancel()
    source.send(4)
    while driver.value != 4 { await Task.yield() }
    #expect(received == [2, 3])
  }
}

extension Array where Element: Equatable {
  fileprivate func removingConsecutiveDuplicates() -> [Element] {
    reduce(into: []) { result, element in if result.last != element { result.append(element) } }
  }
}
