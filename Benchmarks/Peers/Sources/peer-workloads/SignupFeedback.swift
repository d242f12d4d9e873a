import RxFeedback
import RxSwift

/// The project's `SignupFeedback` (Sources/SignupFeature/Feedback) on RxFeedback 4: the same state,
/// events, reducer and feedback loops, with observables where the project has async functions.
///
/// The availability check is a request in the state (`usernameToCheck`), the signup another
/// (`signup`); `react(request:effects:)` starts an effect when its request appears, cancels it when
/// the request changes or goes away. The screen's part of the state changes as the peer
/// `SignupReactor`'s does: `reduce` feeds the reactor's own `reduce` the reactor's mutations.
struct SignupFeedback {
  struct State: Equatable {
    /// What the screen shows: the reactor's state.
    var screen = SignupReactor.State()
    /// The well-formed username whose availability is being asked: the check's request.
    var usernameToCheck: String?
    /// The credentials being signed up with: the signup's request.
    var signup: Credentials?
  }

  struct Credentials: Hashable {
    let username: String
    let password: String
  }

  enum Event {
    /// What the user did: the reactor's actions.
    case user(SignupReactor.Action)
    /// The server's answer for the name checked.
    case availabilityChecked(username: String, ValidationResult)
    /// The signup's outcome, and what it says about the name signed up.
    case signupFinished(SignupOutcome, username: String, usernameResult: ValidationResult?)
  }

  let validation: ValidationService
  private let reactor: SignupReactor

  init(validation: ValidationService) {
    self.validation = validation
    reactor = SignupReactor(validation: validation)
  }

  /// The system's states, started on subscription: RxFeedback's `system` with the user's events as
  /// one more loop. Every scheduler is the current thread (RxSwift's trampoline), as in the kit's
  /// other peer workloads: a send has been reduced, and its effects run, when `onNext` returns.
  func system(userEvents: Observable<Event>) -> Observable<State> {
    let reduce = self.reduce
    return Observable<Any>.system(
      initialState: State(),
      reduce: reduce,
      scheduler: CurrentThreadScheduler.instance,
      feedback: [{ _ in userEvents }] + feedback
    )
  }

  /// The availability check and the signup, each run while its request is in the state.
  var feedback: [Observable<Any>.Feedback<State, Event>] {
    let validation = self.validation
    return [
      react(request: { $0.usernameToCheck }) { username in
        validation.availability(of: username).map { Event.availabilityChecked(username: username, $0) }
      },
      react(request: { $0.signup }) { credentials in
        validation.signup(username: credentials.username, password: credentials.password).map { outcome in
          Event.signupFinished(
            outcome, username: credentials.username, usernameResult: Self.usernameResult(after: outcome, validation))
        }
      },
    ]
  }

  /// The project's `ValidationService.usernameResult(after:)`: a created or refused account means the
  /// name is taken.
  static func usernameResult(after outcome: SignupOutcome, _ validation: ValidationService) -> ValidationResult? {
    switch outcome {
    case .created, .refused: .failed(message: validation.messages.usernameTaken)
    case .failed: nil
    }
  }

  /// The state after one event, as the project's `SignupFeedback.reduce`.
  func reduce(_ state: State, _ event: Event) -> State {
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
      apply(.setSignupOutcome(nil))

    case .availabilityChecked(let username, let result):
      // Only the live check delivers, and its name is the one in the state.
      guard state.usernameToCheck == username else { return state }
      apply(.setUsernameResult(result))
      state.usernameToCheck = nil

    case .signupFinished(let outcome, let username, let usernameResult):
      // The project's `finishSignup` mutation, which the peer reactor does not have.
      apply(.setSigningUp(false))
      apply(.setSignupOutcome(outcome))
      if let usernameResult, state.screen.username == username { apply(.setUsernameResult(usernameResult)) }
      state.signup = nil
    }
    return state
  }
}
