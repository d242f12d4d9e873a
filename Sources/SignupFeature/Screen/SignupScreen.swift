public import OctoreactCore

/// The Signup screen as a front end drives it: user events in, ``SignupScreenState`` out.
///
/// Each ``SignupArchitecture`` provides one, so a web page, a terminal or a test can run any of them.
/// The events are ``SignupReactor/Action``: what the user did, whatever computes the answer.
public protocol SignupScreen: AnyObject, Sendable {
  /// Delivers one user event.
  func send(_ event: SignupReactor.Action)
  /// The current state, then every change.
  var states: any AsyncSequence<SignupScreenState, Never> & Sendable { get }
  /// The latest state.
  var currentState: SignupScreenState { get }
  /// Calls `observer` with the current state, then with every change, synchronously where the screen
  /// makes the change, until the observation is cancelled or released: for an observer that must see
  /// each state when it is made (a recorder stamping its time), and keeps pace.
  func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation
  /// The screen's effect tasks running now (checks and signups in flight), for a server's gauges; `nil`
  /// for a view model, whose work is not counted as tasks.
  var runningTaskCount: Int? { get }
}

extension SignupScreen {
  public var runningTaskCount: Int? { nil }
}

/// The four architectures of the write-ups.
public enum SignupArchitecture: String, CaseIterable, Sendable {
  /// `SignupReactor` in a `ReactorStore` (ReactorKit).
  case reactor
  /// `SignupViewModel` (RxExample's `GithubSignupViewModel1`).
  case mvvm
  /// `SignupDriverViewModel` (RxExample's `GithubSignupViewModel2`).
  case driver
  /// `SignupFeedback` in a `FeedbackSystem` (RxFeedback).
  case feedback

  /// A new screen of this architecture.
  public func makeScreen(validation: ValidationService) async -> any SignupScreen {
    // Only the driver's view model is made on the main actor. The others are made by a synchronous call,
    // so that this function's async frame stays small: a server's task keeps the memory of its deepest
    // frames for as long as the task lives.
    if self == .driver { return await DriverSignupScreen(validation: validation) }
    return makeScreenOffMainActor(validation: validation)
  }

  @inline(never)
  private func makeScreenOffMainActor(validation: ValidationService) -> any SignupScreen {
    switch self {
    case .reactor: ReactorSignupScreen(validation: validation)
    case .mvvm: StreamSignupScreen(validation: validation)
    case .feedback: FeedbackSignupScreen(validation: validation)
    case .driver: preconditionFailure("the driver's screen is made on the main actor")
    }
  }
}

/// `SignupReactor` behind a `ReactorStore`.
public final class ReactorSignupScreen: SignupScreen {
  public let store: ReactorStore<SignupReactor>
  private let messages: SignupMessages

  /// A screen whose store reports its steps to `events` (`ReactorEvent`), when given. The actions
  /// carry what the user typed, passwords included: an inspector masks them.
  public init(validation: ValidationService, events: (@Sendable (ReactorEvent<SignupReactor>) -> Void)? = nil) {
    let reactor = SignupReactor(validation: validation)
    store = events.map { ReactorStore(reactor, events: $0) } ?? ReactorStore(reactor)
    messages = validation.messages
  }

  public func send(_ event: SignupReactor.Action) { store.send(event) }

  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable {
    let messages = self.messages
    return store.states.map { Self.screenState($0, messages) }
  }

  public var currentState: SignupScreenState { Self.screenState(store.currentState, messages) }
  public var runningTaskCount: Int? { store.runningTaskCount }

  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    let messages = self.messages
    return store.observe { observer(Self.screenState($0, messages)) }
  }

  static func screenState(_ state: SignupReactor.State, _ messages: SignupMessages) -> SignupScreenState {
    var screen = SignupScreenState()
    screen.username = state.usernameResult
    screen.password = state.passwordResult
    screen.repeatedPassword = state.repeatedPasswordResult
    screen.isSignupEnabled = state.isSignupEnabled
    screen.isSigningUp = state.isSigningUp
    screen.isCheckingUsername = state.isCheckingUsername
    screen.isNetworkActive = state.isNetworkActive
    screen.alert = state.signupOutcome.map(messages.signup)
    screen.accountToOpen = state.accountToOpen
    return screen
  }
}
