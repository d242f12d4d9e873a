import ReactorCore
import SignupFeature
import MVVMKit

/// One live Signup page: its screen (one reactor or view model per connection) and the binding
/// rules between the page's events and the screen.
///
/// Username edits are throttled (the examples' 300 ms `throttle`), so fast typing costs a few
/// availability requests, not one per key; a tap on "Sign up" first flushes a held username, so the
/// signup never runs on a name the screen has not checked.
final class LiveSignupSession: Sendable {
  let screen: any SignupScreen
  let messages: SignupMessages
  private let usernames: Throttle<String>

  init(screen: any SignupScreen, messages: SignupMessages, usernameThrottle: Duration, clock: any Clock<Duration>) {
    self.screen = screen
    self.messages = messages
    self.usernames = Throttle(for: usernameThrottle, clock: clock) { [weak screen] name in
      screen?.send(.usernameChanged(name))
    }
  }

  /// Passes one page event to the screen.
  func handle(_ action: SignupReactor.Action) {
    switch action {
    case .usernameChanged(let name):
      usernames.submit(name)
    case .signup:
      usernames.flush()
      screen.send(.signup)
    default:
      screen.send(action)
    }
  }
}
