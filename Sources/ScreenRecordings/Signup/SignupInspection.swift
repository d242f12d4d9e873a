import OctoreactCore
public import OctoreactMVVM
public import SignupFeature

/// The Signup screen's events as its inspector shows them: every password replaced by its placeholder, as
/// in the session's recording (``PasswordMask``: same length, equal exactly when the passwords are), so the
/// panel tells "Password repeated" from "Password different" without showing either.
///
/// For example, a screen whose inspector prints its events:
///
/// ```swift
/// let screen = await SignupInspection().makeScreen(.reactor, validation: validation) { print($0.lane, $0.text) }
/// ```
public final class SignupInspection: Sendable {
  private let mask = RuntimeLock(PasswordMask())

  public init() {}

  /// `engine`'s screen, reporting its events to `report`.
  public func makeScreen(
    _ engine: SignupArchitecture, validation: ValidationService, report: @escaping InspectorSink
  ) async -> any SignupScreen {
    switch engine {
    case .reactor:
      ReactorSignupScreen(
        validation: validation,
        events: EngineEvents.reactor(
          SignupReactor.self, startingFrom: SignupReactor.State(), describe: describe, to: report))
    case .mvvm: StreamSignupScreen(validation: validation, events: EngineEvents.streams(describe: describe, to: report))
    case .driver:
      await DriverSignupScreen(validation: validation, events: EngineEvents.streams(describe: describe, to: report))
    case .feedback:
      FeedbackSignupScreen(
        validation: validation,
        events: EngineEvents.feedback(loops: ["availability", "signup"], describe: describe, to: report))
    }
  }

  /// An action, a mutation or a feedback event of the screen, its passwords replaced.
  public func describe(_ value: Any) -> String {
    switch value {
    case let action as SignupReactor.Action: describe(action)
    case let mutation as SignupReactor.Mutation: describe(mutation)
    case SignupFeedback.Event.user(let action): "user(\(describe(action)))"
    default: String(describing: value)
    }
  }

  /// A value on a view model's stream; a password input's is replaced.
  public func describe(_ event: StreamEvent) -> String {
    guard event.direction == .input, let text = event.value as? String, event.stream.contains(/[pP]assword/)
    else { return "\(event.value)" }
    return quoted(masked(text))
  }

  private func describe(_ action: SignupReactor.Action) -> String {
    switch action {
    case .passwordChanged(let password): "passwordChanged(\(quoted(masked(password))))"
    case .repeatedPasswordChanged(let password): "repeatedPasswordChanged(\(quoted(masked(password))))"
    case .usernameChanged, .signup, .dismissOutcome: String(describing: action)
    }
  }

  private func describe(_ mutation: SignupReactor.Mutation) -> String {
    switch mutation {
    case .setPassword(let password, let result, let repeatedResult):
      "setPassword(\(quoted(masked(password))), result: \(result), repeatedResult: \(repeatedResult))"
    case .setRepeatedPassword(let password, let result):
      "setRepeatedPassword(\(quoted(masked(password))), result: \(result))"
    case .setUsername, .setUsernameResult, .setSigningUp, .setSignupOutcome, .finishSignup, .openAccount:
      String(describing: mutation)
    }
  }

  private func masked(_ password: String) -> String {
    mask.withLock { $0.placeholder(for: password) }
  }

  private func quoted(_ text: String) -> String { "\"\(text)\"" }
}
