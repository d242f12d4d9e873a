import Foundation
import OctoreactCore
import OctoreactMVVM
import SignupFeature
import Synchronization

/// The Signup screen on a live page (`/live/signup`), in the architecture the page asks for
/// (`?engine=reactor`, `mvvm` or `driver`).
///
/// The page's messages are the screen's actions: `usernameChanged`, `passwordChanged` and
/// `repeatedPasswordChanged` with the field's text, `signup` and `dismissOutcome`. Username edits are
/// throttled (the examples' 300 ms `throttle`), so fast typing costs a few availability requests, not
/// one per key, then de-duplicated (their `distinctUntilChanged`), so `a → ab → a` within one window
/// does not check `a` twice; a tap on "Sign up" first flushes a held username, so the signup never runs
/// on a name the screen has not checked.
///
/// A state goes out as `{"type": "state", "username": {"message", "tone"}, "password": …,
/// "repeatedPassword": …, "signupEnabled", "signingUp", "checkingUsername", "networkActive",
/// "alert": null | "…", "location": null | "/octocat"}`, which `signup.js` applies.
final class LiveSignupScreen: LiveScreen {
  static let name = "signup"
  static let engines = SignupArchitecture.allCases.map(\.rawValue)

  let screen: any SignupScreen
  let messages: SignupMessages
  let engine: String
  private let usernames: Throttle<String>

  convenience init(_ context: LiveScreenContext) async {
    let messages = SignupMessages(context.page.language)
    let validation = ValidationService(api: context.signupAPI(context.client), messages: messages)
    self.init(
      screen: await context.page.architecture.makeScreen(validation: validation),
      engine: context.page.architecture.rawValue, messages: messages,
      usernameThrottle: context.configuration.usernameThrottle, clock: context.clock)
  }

  init(
    screen: any SignupScreen, engine: String, messages: SignupMessages, usernameThrottle: Duration,
    clock: any Clock<Duration>
  ) {
    self.screen = screen
    self.engine = engine
    self.messages = messages
    let lastSent = LastUsername()
    usernames = Throttle(for: usernameThrottle, clock: clock) { [weak screen] name in
      if lastSent.replace(with: name) { screen?.send(.usernameChanged(name)) }
    }
  }

  static func action(from message: LiveInput) throws(LiveInputError) -> SignupReactor.Action {
    switch message.type {
    case "usernameChanged": .usernameChanged(try message.text())
    case "passwordChanged": .passwordChanged(try message.text())
    case "repeatedPasswordChanged": .repeatedPasswordChanged(try message.text())
    case "signup": .signup
    case "dismissOutcome": .dismissOutcome
    default:
      throw .unknownType(
        allowed: ["usernameChanged", "passwordChanged", "repeatedPasswordChanged", "signup", "dismissOutcome"])
    }
  }

  /// Passes one page event to the screen, with the binding rules above.
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

  var states: any AsyncSequence<SignupScreenState, Never> & Sendable { screen.latestStates }

  func render(_ state: SignupScreenState, after _: SignupScreenState?) -> String {
    func field(_ result: ValidationResult) -> JSONObjectWriter {
      var field = JSONObjectWriter()
      field.field("message", result.text(messages))
      field.field("tone", result.tone.rawValue)
      return field
    }
    var object = JSONObjectWriter()
    object.field("type", "state")
    object.field("username", field(state.username))
    object.field("password", field(state.password))
    object.field("repeatedPassword", field(state.repeatedPassword))
    object.field("signupEnabled", state.isSignupEnabled)
    object.field("signingUp", state.isSigningUp)
    object.field("checkingUsername", state.isCheckingUsername)
    object.field("networkActive", state.isNetworkActive)
    object.field("alert", state.alert)
    // The page to go to once the alert is answered: the account just created.
    object.field("location", state.accountToOpen.map(Self.accountPath))
    return object.text
  }

  var runningTaskCount: Int? { (screen as? ReactorSignupScreen)?.store.runningTaskCount }

  /// The path of an account's page, `/{login}` as on GitHub.
  static func accountPath(_ login: String) -> String {
    "/" + (login.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? login)
  }
}

/// The username last passed to the screen, for `distinctUntilChanged`.
private final class LastUsername: Sendable {
  private let name = Mutex<String?>(nil)

  /// Records `name`; whether it differs from the one before it.
  func replace(with name: String) -> Bool {
    self.name.withLock { last in
      defer { last = name }
      return last != name
    }
  }
}
