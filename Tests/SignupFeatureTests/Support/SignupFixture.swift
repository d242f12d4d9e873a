import AccountRules
import Clocks
import OctoreactTesting
import SignupFeature

/// A Signup screen of one architecture, with its fake server and virtual clock.
struct SignupFixture {
  let architecture: SignupArchitecture
  let clock: TestClock<Duration>
  let server: FakeSignupServer
  let screen: any SignupScreen
  let messages: SignupMessages
  let recorder: StateRecorder<SignupScreenState>

  init(
    _ architecture: SignupArchitecture,
    language: Language = .english,
    configure: (inout FakeSignupServer.Configuration) -> Void = { _ in }
  ) async {
    self.architecture = architecture
    clock = TestClock()
    server = FakeSignupServer(clock: clock, configure: configure)
    messages = SignupMessages(language)
    let validation = ValidationService(api: server.api, messages: messages)
    screen = await architecture.makeScreen(validation: validation)
    recorder = StateRecorder(screen.states, clock: clock)
  }

  /// Waits until the screen shows a snapshot satisfying `predicate`, and returns it.
  @discardableResult
  func expectScreen(_ predicate: @escaping @Sendable (SignupScreenState) -> Bool) async -> SignupScreenState {
    let count = recorder.count
    if let latest = recorder.latest, predicate(latest) { return latest }
    return await recorder.next(after: max(count - 1, 0), where: predicate) ?? SignupScreenState()
  }

  /// Types a well-formed username and lets the server answer it.
  func enterAvailableUsername(_ name: String) async {
    screen.typeUsername(name)
    await server.waitFor(.availabilityAsked(name))
    await clock.advance(by: .seconds(1))
    await server.waitFor(.availabilityAnswered(name))
  }

  /// Fills the three fields with valid values and waits until "Sign up" is enabled.
  func fillValidForm(username: String = "newbie", password: String = "secret1") async {
    await enterAvailableUsername(username)
    screen.typePassword(password)
    screen.typeRepeatedPassword(password)
    await expectScreen { $0.isSignupEnabled }
  }
}
