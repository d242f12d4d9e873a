import AccountRules
import Clocks
import OctoreactTesting
import SignupFeature
import Testing

/// The username field's binding on every engine (issue 26, item 5): throttled (300 ms, latest kept)
/// and de-duplicated before it reaches the screen, in virtual time.
@Suite(.timeLimit(.minutes(1)))
struct UsernameBindingTests {
  /// A screen of `architecture` behind the binding, its fake server and clock.
  private func boundScreen(
    _ architecture: SignupArchitecture
  ) async -> (screen: UsernameBoundSignupScreen, server: FakeSignupServer, clock: TestClock<Duration>) {
    let clock = TestClock()
    let server = FakeSignupServer(clock: clock)
    let validation = ValidationService(api: server.api, messages: SignupMessages(.english))
    return (await architecture.makeScreen(validation: validation, clock: clock), server, clock)
  }

  @Test(arguments: SignupArchitecture.allCases)
  func aNameTypedBackWithinOneIntervalIsNotCheckedTwice(_ architecture: SignupArchitecture) async {
    let (screen, server, clock) = await boundScreen(architecture)
    // given: "neo" reaches the screen at once and is checked.
    screen.send(.usernameChanged("neo"))
    await server.waitFor(.availabilityAsked("neo"))
    // when: "neon" then "neo" again within the same 300 ms.
    screen.send(.usernameChanged("neon"))
    screen.send(.usernameChanged("neo"))
    await clock.advance(by: .milliseconds(300))
    // The interval ended with "neo" held: it went to the binding, which opened the next interval.
    await clock.waitForSleeper()
    // A later name, delivered at the end of that interval, closes the test: anything the binding let
    // through before it has been asked by then.
    screen.send(.usernameChanged("trinity"))
    await clock.advance(by: .milliseconds(300))
    await server.waitFor(.availabilityAsked("trinity"))
    // then: "neo" was checked once and "neon" never.
    #expect(server.askedNames == ["neo", "trinity"])
  }

  @Test(arguments: SignupArchitecture.allCases)
  func namesTypedWithinAnIntervalReachTheScreenOnceAtItsEnd(_ architecture: SignupArchitecture) async {
    let (screen, server, clock) = await boundScreen(architecture)
    let recorder = StateRecorder(screen.states, clock: clock)
    screen.send(.usernameChanged("o"))
    await server.waitFor(.availabilityAsked("o"))
    screen.send(.usernameChanged("oc"))
    screen.send(.usernameChanged("oct"))
    await clock.advance(by: .milliseconds(299))
    #expect(server.askedNames == ["o"])
    await clock.advance(by: .milliseconds(1))
    await server.waitFor(.availabilityAsked("oct"))
    await clock.advance(by: .milliseconds(200))
    await recorder.first { $0.username == .ok(message: "Username available") }
    // "oc" never reached the screen.
    #expect(server.askedNames == ["o", "oct"])
  }
}
