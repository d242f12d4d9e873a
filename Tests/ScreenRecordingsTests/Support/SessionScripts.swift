import Clocks
import Foundation
import OctoreactCore
import ScreenRecordings
import SearchFeature
import SignupFeature

/// The sessions recorded into `Recordings/`: each drives a recording screen on a `TestClock`, moving
/// the clock only once the screen has settled, so every state is stamped with the time of its cause.
enum SessionScripts {
  /// The passwords the Signup sessions type: none may appear in a recording.
  static let passwords = ["hunter2secret", "hunter2secreT"]

  /// A check superseded by a newer name, a repeated password typed wrong then right, a signup.
  static func signupWithSupersededCheck(_ engine: SignupArchitecture) async -> SignupRecording {
    let clock = TestClock()
    let server = ScriptedServer(clock: clock)
    let screen = await RecordingSignupScreen(
      engine, validation: ValidationService(api: server.signupAPI()), clock: clock)
    let session = Session(clock: clock) { screen.recording.states.last?.value == screen.currentState }

    await session.send { screen.send(.usernameChanged("oc")) }
    await server.waitForRequests(1)
    await session.advance(by: 100)
    await session.send { screen.send(.usernameChanged("octo")) }  // the check of "oc" is superseded
    await server.waitForRequests(2)
    await session.advance(by: 100)  // "oc" would have answered now: dropped
    await session.advance(by: 100)  // "octo" is available
    await session.send { screen.send(.passwordChanged(passwords[0])) }
    await session.advance(by: 100)
    await session.send { screen.send(.repeatedPasswordChanged(passwords[1])) }  // different
    await session.advance(by: 100)
    await session.send { screen.send(.repeatedPasswordChanged(passwords[0])) }  // repeated
    await session.advance(by: 100)
    await session.send { screen.send(.signup) }
    await server.waitForRequests(3)
    await session.advance(by: 1000)  // created
    await session.advance(by: 500)
    await session.send { screen.send(.dismissOutcome) }
    return screen.recording
  }

  /// A taken name, a name whose check fails (server error), a free name, and a signup that fails.
  static func signupWithErrors(_ engine: SignupArchitecture) async -> SignupRecording {
    let clock = TestClock()
    let server = ScriptedServer(clock: clock)
    let screen = await RecordingSignupScreen(
      engine, validation: ValidationService(api: server.signupAPI(failing: ["newbie"], signupFails: true)),
      clock: clock)
    let session = Session(clock: clock) { screen.recording.states.last?.value == screen.currentState }

    await session.send { screen.send(.usernameChanged("octocat")) }
    await server.waitForRequests(1)
    await session.advance(by: 200)  // taken
    await session.send { screen.send(.usernameChanged("newbie")) }
    await server.waitForRequests(2)
    await session.advance(by: 200)  // "Error contacting server"
    await session.send { screen.send(.usernameChanged("newbie2")) }
    await server.waitForRequests(3)
    await session.advance(by: 200)  // available
    await session.send { screen.send(.passwordChanged(passwords[1])) }
    await session.send { screen.send(.repeatedPasswordChanged(passwords[1])) }
    await session.advance(by: 100)
    await session.send { screen.send(.signup) }
    await server.waitForRequests(4)
    await session.advance(by: 1000)  // the signup fails
    await session.advance(by: 300)
    await session.send { screen.send(.dismissOutcome) }
    return screen.recording
  }

  /// A query replaced while its first page loads, its next page, and a query that fails then retried.
  static func searchWithSupersededQuery(_ engine: SearchArchitecture) async -> SearchRecording {
    let clock = TestClock()
    let server = ScriptedServer(clock: clock)
    let screen = RecordingSearchScreen(engine, client: server.searchClient(), clock: clock)
    let session = Session(clock: clock) { screen.recording.states.last?.value == screen.currentState }

    await session.send { screen.send(.updateQuery("swif")) }
    await server.waitForRequests(1)
    await session.advance(by: 100)
    await session.send { screen.send(.updateQuery("swift")) }  // "swif" is superseded
    await server.waitForRequests(2)
    await session.advance(by: 200)  // "swif" would have failed now: dropped
    await session.advance(by: 100)  // page 1 of "swift"
    await session.send { screen.send(.loadNextPage) }
    await server.waitForRequests(3)
    await session.advance(by: 300)  // page 2
    return screen.recording
  }

  /// A query that fails, a retry that fails again, and a cleared field.
  static func searchWithError(_ engine: SearchArchitecture) async -> SearchRecording {
    let clock = TestClock()
    let server = ScriptedServer(clock: clock)
    let screen = RecordingSearchScreen(engine, client: server.searchClient(), clock: clock)
    let session = Session(clock: clock) { screen.recording.states.last?.value == screen.currentState }

    await session.send { screen.send(.updateQuery("rust")) }
    await server.waitForRequests(1)
    await session.advance(by: 300)  // unavailable
    await session.send { screen.send(.retry) }
    await server.waitForRequests(2)
    await session.advance(by: 300)  // unavailable again
    await session.send { screen.send(.updateQuery("")) }
    await session.advance(by: 100)
    return screen.recording
  }
}

/// Moves a recorded session on, letting the screen settle (its latest state recorded) at each step.
struct Session {
  let clock: TestClock<Duration>
  let isSettled: @Sendable () -> Bool

  init(clock: TestClock<Duration>, isSettled: @escaping @Sendable () -> Bool) {
    self.clock = clock
    self.isSettled = isSettled
  }

  func send(_ input: () -> Void) async {
    input()
    await settle()
  }

  func advance(by milliseconds: Int) async {
    await clock.advance(by: .milliseconds(milliseconds))
    await settle()
  }

  /// Yields (advancing the clock by zero) until the settled check holds three times in a row.
  private func settle() async {
    var inARow = 0
    while inARow < 3, !Task.isCancelled {
      await clock.advance(by: .zero)
      inARow = isSettled() ? inARow + 1 : 0
    }
  }
}
