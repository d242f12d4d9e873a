public import OctoreactCore

/// The Signup screen as a reactor (ReactorKit's `ViewReactor` of the Signup example).
///
/// Username, password and repeated password are validated as they are typed; the username's
/// availability is asked of the server, and a newer username cancels the older check, so its answer
/// is never shown. "Sign up" works only when all three are valid and no signup is in flight; its
/// outcome stays in ``State/signupOutcome`` until the alert is dismissed or a field is edited. After
/// every outcome the state is true: a name just signed up or refused as taken shows "Username already
/// taken" (so "Sign up" is not left enabled on a stale "available"), and answering the alert of a
/// success sets ``State/accountToOpen``.
public struct SignupReactor: Reactor {
  public enum Action: Sendable, Equatable {
    case usernameChanged(String)
    case passwordChanged(String)
    case repeatedPasswordChanged(String)
    case signup
    /// The user answered the signup alert.
    case dismissOutcome
  }

  /// A field and its result change in one mutation, so no state pairs a new text with the result of
  /// an older one (the examples set them in two steps, and show that pairing for a moment).
  public enum Mutation: Sendable, Equatable {
    case setUsername(String, result: ValidationResult)
    case setUsernameResult(ValidationResult)
    case setPassword(String, result: ValidationResult, repeatedResult: ValidationResult)
    case setRepeatedPassword(String, result: ValidationResult)
    case setSigningUp(Bool)
    case setSignupOutcome(SignupOutcome?)
    /// The signup request ended: not signing up any more, its outcome shown, and, when the name is
    /// still the one signed up, the username's result the outcome implies, in one step.
    case finishSignup(SignupOutcome, username: String, usernameResult: ValidationResult?)
    case openAccount(String)
  }

  public struct State: Sendable, Equatable {
    public var username = ""
    public var password = ""
    public var repeatedPassword = ""
    public var usernameResult = ValidationResult.empty
    public var passwordResult = ValidationResult.empty
    public var repeatedPasswordResult = ValidationResult.empty
    /// True while the signup request is in flight: the inline spinner and the HUD.
    public var isSigningUp = false
    /// The outcome to show in the alert, until it is dismissed or a field changes.
    public var signupOutcome: SignupOutcome?
    /// The login of the account just created, once the user has answered its alert: the front end
    /// goes to that account's page.
    public var accountToOpen: String?

    public init() {}

    /// True while the username's availability check is in flight.
    ///
    /// **Counting.** The reactor needs no counter for checks: the check starts with the mutation that
    /// shows `validating` and ends with the one that shows its answer, and a newer name cancels the
    /// check in flight in the same mutation that replaces `validating` (a cancelled effect delivers
    /// nothing afterwards). So at most one check counts at a time, a cancelled one stops counting at
    /// once, and nothing can make the count negative.
    public var isCheckingUsername: Bool { usernameResult == .validating }

    /// The screen's requests in flight, availability check and signup (RxExample's
    /// `ActivityIndicator` count over both).
    public var requestsInFlight: Int { (isCheckingUsername ? 1 : 0) + (isSigningUp ? 1 : 0) }

    /// True while any request of the screen is in flight: the network activity indicator.
    public var isNetworkActive: Bool { requestsInFlight > 0 }

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
      return usernameValidation(username)

    case .passwordChanged(let password):
      return .just(
        .setPassword(
          password,
          result: validation.validatePassword(password),
          // Editing the password re-validates a repeat that was typed earlier.
          repeatedResult: validation.validateRepeatedPassword(password, repeated: state.repeatedPassword)
        )
      )

    case .repeatedPasswordChanged(let repeated):
      return .just(
        .setRepeatedPassword(repeated, result: validation.validateRepeatedPassword(state.password, repeated: repeated))
      )

    case .signup:
      guard state.isSignupEnabled else { return .none }
      let (username, password) = (state.username, state.password)
      return .concat(
        .just(.setSignupOutcome(nil)),
        .just(.setSigningUp(true)),
        .task { [validation] in
          let outcome = await validation.signup(username: username, password: password)
          return .finishSignup(outcome, username: username, usernameResult: validation.usernameResult(after: outcome))
        }
      )

    case .dismissOutcome:
      guard case .created(let login) = state.signupOutcome else { return .just(.setSignupOutcome(nil)) }
      return .concat(.just(.setSignupOutcome(nil)), .just(.openAccount(login)))
    }
  }

  /// The local result at once; for a well-formed name, `validating` then the server's answer. Every
  /// new name cancels the check in flight (ReactorKit's `take(until: usernameChanged)`).
  private func usernameValidation(_ username: String) -> Effect<Mutation> {
    if let result = validation.localUsernameResult(username) {
      return .concat(.cancel(id: CancelID.usernameCheck), .just(.setUsername(username, result: result)))
    }
    return .concat(
      .just(.setUsername(username, result: .validating)),
      .task { [validation] in .setUsernameResult(await validation.availability(of: username)) }
    )
    .cancellable(id: CancelID.usernameCheck, cancelInFlight: true)
  }

  public func reduce(state: consuming State, mutation: Mutation) -> State {
    switch mutation {
    case .setUsername(let username, let result):
      state.username = username
      state.usernameResult = result
      state.signupOutcome = nil
    case .setUsernameResult(let result):
      state.usernameResult = result
    case .setPassword(let password, let result, let repeatedResult):
      state.password = password
      state.passwordResult = result
      state.repeatedPasswordResult = repeatedResult
      state.signupOutcome = nil
    case .setRepeatedPassword(let repeated, let result):
      state.repeatedPassword = repeated
      state.repeatedPasswordResult = result
      state.signupOutcome = nil
    case .setSigningUp(let isSigningUp):
      state.isSigningUp = isSigningUp
    case .setSignupOutcome(let outcome):
      state.signupOutcome = outcome
    case .finishSignup(let outcome, let username, let usernameResult):
      state.isSigningUp = false
      state.signupOutcome = outcome
      if let usernameResult, state.username == username { state.usernameResult = usernameResult }
    case .openAccount(let login):
      state.accountToOpen = login
    }
    return consume state
  }
}
