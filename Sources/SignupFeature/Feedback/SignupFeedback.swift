public import OctoreactFeedback
import OctoreactCore

/// The Signup screen as a feedback system (RxFeedback, which write-up 000 names as the author's first
/// version of this screen).
///
/// The work the screen asks of the server is in its state, as requests: ``State/usernameToCheck``
/// while a well-formed name waits for its availability, ``State/signup`` while the credentials are
/// being signed up. Two feedback loops read them: a check starts when a name appears, and a newer
/// name (or a malformed one, which needs no check) cancels it, so an older answer is never shown; the
/// signup runs while its credentials stay in the state.
///
/// The screen's part of the state, ``State/screen``, changes exactly as ``SignupReactor``'s state
/// does: `reduce` feeds the reactor's own `reduce` the mutations the reactor's `mutate` would make.
/// So the four engines show the same ``SignupScreenState`` by construction, and what this one shows
/// is only where the effects come from: requests in the state, not actions.
///
/// For example:
///
/// ```swift
/// let system = SignupFeedback(validation: validation).makeSystem()
/// system.send(.user(.usernameChanged("octocat")))   // screen: validating; usernameToCheck "octocat"
/// system.send(.user(.usernameChanged("octo_cat")))  // screen: failed; the check is cancelled
/// ```
public struct SignupFeedback: Sendable {
  public struct State: Sendable, Equatable {
    /// What the screen shows: the reactor's state.
    public var screen = SignupReactor.State()
    /// The well-formed username whose availability is being asked: the check's request.
    public var usernameToCheck: String?
    /// The credentials being signed up with: the signup's request, set by a tap and cleared by its outcome.
    public var signup: Credentials?

    public init() {}
  }

  /// A username and password to sign up with; the password never shows in a description.
  public struct Credentials: Sendable, Hashable, CustomStringConvertible {
    public let username: String
    public let password: String

    public init(username: String, password: String) {
      self.username = username
      self.password = password
    }

    public var description: String { "Credentials(username: \(username), password: <hidden>)" }
  }

  public enum Event: Sendable, Equatable {
    /// What the user did: the reactor's actions.
    case user(SignupReactor.Action)
    /// The server's answer for the name checked.
    case availabilityChecked(username: String, ValidationResult)
    /// The signup's outcome, and what it says about the name signed up.
    case signupFinished(SignupOutcome, username: String, usernameResult: ValidationResult?)
  }

  public let validation: ValidationService
  private let reactor: SignupReactor

  public init(validation: ValidationService) {
    self.validation = validation
    reactor = SignupReactor(validation: validation)
  }

  public var initialState: State { State() }

  /// A running system of this screen; with `events`, one that reports its steps (`FeedbackEvent`).
  public func makeSystem(
    events: (@Sendable (FeedbackEvent<State, Event>) -> Void)? = nil
  ) -> FeedbackSystem<State, Event> {
    guard let events else { return FeedbackSystem(initialState: initialState, reduce: reduce, feedback: feedback) }
    return FeedbackSystem(initialState: initialState, reduce: reduce, feedback: feedback, events: events)
  }

  /// The availability check and the signup, each run while its request is in the state.
  public var feedback: [Feedback<State, Event>] {
    let validation = self.validation
    return [
      .react(request: { $0.usernameToCheck }) { username, send in
        send(.availabilityChecked(username: username, await validation.availability(of: username)))
      },
      .react(request: { $0.signup }) { credentials, send in
        let outcome = await validation.signup(username: credentials.username, password: credentials.password)
        send(
          .signupFinished(
            outcome, username: credentials.username, usernameResult: validation.usernameResult(after: outcome)))
      },
    ]
  }

  /// The state after one event. Pure: the validation it calls is local, and requests are only written.
  public func reduce(_ state: State, _ event: Event) -> State {
    var state = state
    func apply(_ mutation: SignupReactor.Mutation) {
      state.screen = reactor.reduce(state: state.screen, mutation: mutation)
    }
    switch event {
    case .user(.usernameChanged(let username)):
      let localResult = validation.localUsernameResult(username)
      apply(.setUsername(username, result: localResult ?? .validating))
      // A well-formed name asks for its check; any other cancels the one in flight.
      state.usernameToCheck = localResult == nil ? username : nil

    case .user(.passwordChanged(let password)):
      apply(
        .setPassword(
          password, result: validation.validatePassword(password),
          repeatedResult: validation.validateRepeatedPassword(password, repeated: state.screen.repeatedPassword)))

    case .user(.repeatedPasswordChanged(let repeated)):
      apply(
        .setRepeatedPassword(
          repeated, result: validation.validateRepeatedPassword(state.screen.password, repeated: repeated)))

    case .user(.signup):
      guard state.screen.isSignupEnabled else { return state }
      apply(.setSignupOutcome(nil))
      apply(.setSigningUp(true))
      state.signup = Credentials(username: state.screen.username, password: state.screen.password)

    case .user(.dismissOutcome):
      let outcome = state.screen.signupOutcome
      apply(.setSignupOutcome(nil))
      if case .created(let login) = outcome { apply(.openAccount(login)) }

    case .availabilityChecked(let username, let result):
      // Only the live check delivers, and its name is the one in the state.
      guard state.usernameToCheck == username else { return state }
      apply(.setUsernameResult(result))
      state.usernameToCheck = nil

    case .signupFinished(let outcome, let username, let usernameResult):
      apply(.finishSignup(outcome, username: username, usernameResult: usernameResult))
      state.signup = nil
    }
    return state
  }
}
