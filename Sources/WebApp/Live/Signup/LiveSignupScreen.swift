import Foundation
import OctoreactCore
import ScreenRecordings
import SignupFeature

/// The Signup screen on a live page (`/live/signup`), in the architecture the page asks for
/// (`?engine=reactor`, `mvvm`, `driver` or `feedback`).
///
/// The page's messages are the screen's actions: `usernameChanged`, `passwordChanged` and
/// `repeatedPasswordChanged` with the field's text, `signup` and `dismissOutcome`. The screen sits behind
/// the write-ups' username binding (`UsernameBoundSignupScreen`): edits throttled (at
/// ``AppConfiguration/usernameThrottle``) and then de-duplicated, and a held name delivered before a signup.
///
/// A state goes out as `{"type": "state", "username": {"message", "tone"}, "password": …,
/// "repeatedPassword": …, "signupEnabled", "signingUp", "checkingUsername", "networkActive",
/// "alert": null | "…", "location": null | "/octocat"}`, which `signup.js` applies.
final class LiveSignupScreen: LiveScreen {
  static let name = "signup"
  static let engines = SignupArchitecture.allCases.map(\.rawValue)

  let screen: UsernameBoundSignupScreen
  let messages: SignupMessages

  convenience init(_ context: LiveScreenContext) async {
    let messages = SignupMessages(context.page.language)
    let validation = ValidationService(api: context.signupAPI, messages: messages)
    let architecture = SignupArchitecture(rawValue: context.page.engine) ?? .reactor
    // Recorded behind the username binding: what the engine got is what a replay sends it.
    let engineScreen: any SignupScreen
    if let inspector = context.inspector {
      engineScreen = inspector.keepRecording(
        of: await RecordingSignupScreen(
          architecture, validation: validation, clock: context.clock, limit: LiveInspector.maxRecordingEntries,
          inspector: inspector.report))
    } else {
      engineScreen = await architecture.makeScreen(validation: validation)
    }
    self.init(
      screen: UsernameBoundSignupScreen(
        engineScreen, interval: context.configuration.usernameThrottle, clock: context.clock),
      messages: messages)
  }

  init(screen: UsernameBoundSignupScreen, messages: SignupMessages) {
    self.screen = screen
    self.messages = messages
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

  func handle(_ action: SignupReactor.Action) {
    screen.send(action)
  }

  func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }

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
    // The page to go to once the alert is answered: the account just created, at `/{login}` as on GitHub.
    let location = state.accountToOpen.map {
      "/" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? $0)
    }
    object.field("location", location)
    return object.text
  }

  var runningTaskCount: Int? { screen.runningTaskCount }
}
