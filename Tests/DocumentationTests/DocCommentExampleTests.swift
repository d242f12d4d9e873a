import Clocks
import OctoreactCore
import OctoreactMVVM
import OctoreactTesting
import SignupFeature
import Synchronization
import Testing

/// Doc comment examples that name real initializers, compiled and run: each test's body is its
/// doc comment's example (checked by eye against the comment it names), plus what the comment says
/// should happen.
@Suite(.timeLimit(.minutes(1)))
struct DocCommentExampleTests {
  /// `StateRecorder`'s example (it used to call `SignupReactor(api:clock:)`, which does not exist).
  @Test func stateRecordersExampleRecordsTheAnswerAtTheVirtualTimeItArrived() async {
    let clock = TestClock()
    let api = SignupAPI(
      usernameAvailable: { _ in
        try await clock.sleep(for: .milliseconds(200))  // the server takes 200 ms to answer
        return true
      },
      signup: { name, _ in .created(username: name) }
    )
    let store = ReactorStore(SignupReactor(validation: ValidationService(api: api)))
    let recorder = StateRecorder(store.states, clock: clock)
    store.send(.usernameChanged("octocat"))
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(200))
    let state = await recorder.first { $0.usernameResult.isValid }
    #expect(recorder.timeline.last?.time == .milliseconds(200))

    #expect(state?.username == "octocat")
  }

  /// `Driver`'s example (it used to pass a `ReadOnlyBroadcast`, which is not a sequence).
  @MainActor
  @Test func driversExampleDrivesTheButtonOnTheMainActor() async {
    final class Button { var isEnabled = false }
    struct ViewModel { let signupEnabled: ReadOnlyBroadcast<Bool> }
    let isEnabled = Broadcast(true)
    let viewModel = ViewModel(signupEnabled: ReadOnlyBroadcast(isEnabled))
    let button = Button()

    let enabled = Driver(viewModel.signupEnabled.values())
    let subscription = enabled.drive { button.isEnabled = $0 }   // on the main actor, now if a value is known

    while !button.isEnabled { await Task.yield() }
    isEnabled.send(false)
    while button.isEnabled { await Task.yield() }
    withExtendedLifetime(subscription) {}
  }

  /// `LatestWork`'s example: "validating" at once, then the answer of the latest name only.
  @Test func latestWorksExamplePublishesValidatingThenTheAnswer() async {
    let results = Broadcast(ValidationResult.empty)
    let answers = results.values()
    let validation = ValidationService(api: SignupAPI(
      usernameAvailable: { _ in true },
      signup: { name, _ in .created(username: name) }
    ))
    let name = "octocat"

    let check = LatestWork()
    check.replace(publishing: { results.send(.validating) }) { ticket in
      let answer = await validation.availability(of: name)
      ticket.ifLatest { results.send(answer) }
    }

    var seen: [ValidationResult] = []
    for await result in answers.prefix(3) { seen.append(result) }
    #expect(seen.prefix(2) == [.empty, .validating])
    #expect(seen.last?.isValid == true)
  }

  /// `combineLatest` of four's example: the Signup button, enabled once all three fields are valid
  /// and no signup is in flight.
  @Test func combineLatestOfFoursExampleEnablesTheButtonOnlyWhenEverythingIsValid() {
    let username = Broadcast(ValidationResult.ok(message: "Username available"))
    let password = Broadcast(ValidationResult.ok(message: "Password acceptable"))
    let repeated = Broadcast(ValidationResult.empty)
    let signingIn = Broadcast(false)

    let signupEnabled = Broadcast.combineLatest(username, password, repeated, signingIn) {
      $0.isValid && $1.isValid && $2.isValid && !$3
    }

    #expect(!signupEnabled.value)
    repeated.send(.ok(message: "Password repeated correctly"))
    #expect(signupEnabled.value)
    signingIn.send(true)
    #expect(!signupEnabled.value)
  }
}
