import Clocks
import OctoreactCore
import OctoreactMVVM
import OctoreactTesting
import SignupFeature
import Synchronization
import Testing
@testable import WebApp

/// The binding rules of a live Signup page, in virtual time.
@Suite(.timeLimit(.minutes(1)))
struct LiveSignupSessionTests {
  /// A screen that records the events it receives.
  final class RecordingScreen: SignupScreen {
    let events = Broadcast<[SignupReactor.Action]>([])
    func send(_ event: SignupReactor.Action) { events.update { $0.append(event) } }
    var states: any AsyncSequence<SignupScreenState, Never> & Sendable { Broadcast(SignupScreenState()).values() }
    var currentState: SignupScreenState { SignupScreenState() }
    func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
      Broadcast(SignupScreenState()).observe(observer)
    }

    func waitFor(count: Int) async -> [SignupReactor.Action] {
      for await events in events.values() where events.count >= count { return events }
      return events.value
    }
  }

  @Test func fastTypingSendsTheFirstNameAndThenTheLatestPerInterval() async throws {
    let clock = TestClock()
    let screen = RecordingScreen()
    let session = LiveSignupScreen(
      screen: UsernameBoundSignupScreen(screen, interval: .milliseconds(300), clock: clock),
      messages: SignupMessages())
    for text in ["o", "oc", "oct", "octo"] {
      session.handle(.usernameChanged(text))
      // The first name opens the throttle's interval: its timer must be asleep before time moves.
      if text == "o" { await clock.waitForSleeper() }
      await clock.advance(by: .milliseconds(50))
    }
    #expect(screen.events.value == [.usernameChanged("o")])
    await clock.advance(by: .milliseconds(150))
    let events = await screen.waitFor(count: 2)
    #expect(events == [.usernameChanged("o"), .usernameChanged("octo")])
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
    #expect(screen.events.value.count == 2)
  }

  @Test func signupFlushesAHeldUsernameFirst() async {
    let clock = TestClock()
    let screen = RecordingScreen()
    let session = LiveSignupScreen(
      screen: UsernameBoundSignupScreen(screen, interval: .milliseconds(300), clock: clock),
      messages: SignupMessages())
    session.handle(.usernameChanged("alice"))
    session.handle(.usernameChanged("alicia"))
    session.handle(.signup)
    #expect(screen.events.value == [.usernameChanged("alice"), .usernameChanged("alicia"), .signup])
  }

  @Test func otherEventsAreNotThrottled() {
    let clock = TestClock()
    let screen = RecordingScreen()
    let session = LiveSignupScreen(
      screen: UsernameBoundSignupScreen(screen, interval: .milliseconds(300), clock: clock),
      messages: SignupMessages())
    session.handle(.passwordChanged("a"))
    session.handle(.passwordChanged("ab"))
    session.handle(.dismissOutcome)
    #expect(screen.events.value == [.passwordChanged("a"), .passwordChanged("ab"), .dismissOutcome])
  }
}
