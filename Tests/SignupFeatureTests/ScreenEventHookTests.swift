import OctoreactCore
import OctoreactFeedback
import SignupFeature
import SignupFeatureTesting
import Synchronization
import Testing

/// The reactor and feedback Signup screens hand their engine's steps to the sink they are given.
struct ScreenEventHookTests {
  @Test func theReactorScreenReportsItsStoresSteps() {
    let lines = Mutex<[String]>([])
    let screen = ReactorSignupScreen(validation: ValidationService(api: .unimplemented())) { event in
      if case .action(let action) = event { lines.withLock { $0.append("\(action)") } }
    }

    screen.send(.usernameChanged("a b"))  // malformed: no request

    #expect(lines.withLock { $0 } == [#"usernameChanged("a b")"#])
  }

  @Test func theFeedbackScreenReportsItsSystemsSteps() {
    let lines = Mutex<[String]>([])
    let screen = FeedbackSignupScreen(validation: ValidationService(api: .unimplemented())) { event in
      if case .event(.user(let action), nil) = event { lines.withLock { $0.append("\(action)") } }
    }

    screen.send(.usernameChanged("a b"))

    #expect(lines.withLock { $0 } == [#"usernameChanged("a b")"#])
  }
}
