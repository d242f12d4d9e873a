public import ReactorCore

/// The Signup screen as a reactor (ReactorKit's `ViewReactor` of the Signup example).
///
/// Username, password and repeated password are validated as they are typed; the username's
/// availability is asked of the server, and a newer username cancels the older check, so its answer
/// is never shown. "Sign up" works only when all three are valid and no signup is in flight; its
/// outcome stays in ``State/signupOutcome`` until the alert is dismissed or a field is edited.
public struct SignupReactor: Reactor {
  public enum Action: Sendable, Equatable {
    case usernameChanged(String)
    case passwordChanged(String)
    case repeatedPasswordChanged(String)
    case signup
    /// The user answered the signup alert.
    case dismissOutcome
  }

  public enum Mutation: Sendable, Equatable {
    case setUsername(String)
    case setUsernameResult(ValidationResult)
    case setPassword(String)
    case setPasswordResult(ValidationResult)
    case setRepeatedPassword(String)
    case setRepeatedPasswordResult(ValidationResult)
    case setSigningUp(Bool)
    case setSignupOutcome(SignupOutcome?)
  }

  public struct State: Sendable, Equatable {
    public var username = ""
    public var password = ""
    public var repeatedPassword = ""
    public var usernameResult = ValidationResult.empty
    public var passwordResult = ValidationResult.empty
    public var repeatedPasswordResult = ValidationResult.empty
    /// True while the signup request is in flight: the activity indicator.
    public var isSigningUp = false
    /// The outcome to show in the alert, until it is dismissed or a field changes.
    public var signupOutcome: SignupOutcome?

    public init() {}

    /// "Sign up" is enabled only when every field is valid and no signup is in flight.
    public var isSignupEnabled: Bool {
      usernameResult.isValid && passwordResult.isValid && repeatedPasswordResult.isValid && !isSigningUp
    }
  }

  private enum CancelID { case usernameCheck }

  public let validation: ValidationService
  public var initialState: State { State() }

  public init(validation: ValidationService) {
    self.validation = validation
  }

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .usernameChanged(let username):
      return .concat(.just(.setUsername(username)), usernameValidation(username))

    case .passwordChanged(let password):
      return .concat(
        .just(.setPassword(password)),
        .just(.setPasswordResult(validation.validatePassword(password))),
        // Editing the password re-validates a repeat that was typed earlier.
        .just(
          .setRepeatedPasswordResult(validation.validateRepeatedPassword(password, repeated: state.repeatedPassword))
        )
      )

    case .repeatedPasswordChanged(let repeated):
      return .concat(
        .just(.setRepeatedPassword(repeated)),
        .just(.setRepeatedPasswordResult(validation.validateRepeatedPassword(state.password, repeated: repeated)))
      )

    case .signup:
      guard state.isSignupEnabled else { return .none }
      let (username, password) = (state.username, state.password)
      return .concat(
        .just(.setSignupOutcome(nil)),
        .just(.setSigningUp(true)),
        .task { [validation] in .setSignupOutcome(await validation.signup(username: username, password: password)) },
        .just(.setSigningUp(false))
      )

    case .dismissOutcome:
      return .just(.setSignupOutcome(nil))
    }
  }

  /// The local result at once; for a well-formed name, `validating` then the server's answer. Every
  /// new name cancels the check in flight (ReactorKit's `take(until: usernameChanged)`).
  private func usernameValidation(_ username: String) -> Effect<Mutation> {
    if let result = validation.localUsernameResult(username) {
      return .concat(.cancel(id: CancelID.usernameCheck), .just(.setUsernameResult(result)))
    }
    return .concat(
      .just(.setUsernameResult(.validating)),
      .task { [validation] in .setUsernameResult(await validation.availability(of: username)) }
    )
    .cancellable(id: CancelID.usernameCheck, cancelInFlight: true)
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUsername(let username):
      state.username = username
      state.signupOutcome = nil
    case .setUsernameResult(let result):
      state.usernameResult = result
    case .setPassword(let password):
      state.password = password
      state.signupOutcome = nil
    case .setPasswordResult(let result):
      state.passwordResult = result
    case .setRepeatedPassword(let repeated):
      state.repeatedPassword = repeated
      state.signupOutcome = nil
    case .setRepeatedPasswordResult(let result):
      state.repeatedPasswordResult = result
    case .setSigningUp(let isSigningUp):
      state.isSigningUp = isSigningUp
    case .setSignupOutcome(let outcome):
      state.signupOutcome = outcome
    }
    return state
  }
}
