import OctoreactMVVM
public import OctoreactCore

/// A Signup screen behind the write-ups' binding of the username field: the text is throttled (the
/// examples' `throttle`, latest value kept) and then de-duplicated (write-up 000's
/// `distinctUntilChanged`) before it reaches the screen, whatever its engine.
///
/// So fast typing costs a request per interval, not one per key, and a name the screen already has
/// is not sent again: `a → ab → a` typed within one interval checks `a` once. A tap on "Sign up"
/// first delivers a held name, so the signup never runs on a name the screen has not checked. The
/// other events go straight through.
///
/// For example:
///
/// ```swift
/// let screen = await SignupArchitecture.feedback.makeScreen(validation: validation, clock: ContinuousClock())
/// screen.send(.usernameChanged("a"))    // reaches the engine at once
/// screen.send(.usernameChanged("ab"))   // held
/// screen.send(.usernameChanged("a"))    // replaces "ab"; 300 ms later it equals the last name sent: dropped
/// ```
public final class UsernameBoundSignupScreen: SignupScreen {
  /// The engine's screen, which gets the throttled, de-duplicated names.
  public let screen: any SignupScreen
  private let usernames: Throttle<String>

  /// `screen` behind the binding, throttling names to one per `interval` of `clock`.
  public init(_ screen: any SignupScreen, interval: Duration = .milliseconds(300), clock: any Clock<Duration>) {
    self.screen = screen
    let distinct = DistinctNames()
    usernames = Throttle(for: interval, clock: clock) { [weak screen] name in
      if distinct.isNew(name) { screen?.send(.usernameChanged(name)) }
    }
  }

  public func send(_ event: SignupReactor.Action) {
    switch event {
    case .usernameChanged(let name):
      usernames.submit(name)
    case .signup:
      usernames.flush()
      screen.send(.signup)
    default:
      screen.send(event)
    }
  }

  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable { screen.states }
  public var currentState: SignupScreenState { screen.currentState }
  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }
  public var runningTaskCount: Int? { screen.runningTaskCount }
}

/// `distinctUntilChanged` for the names the throttle lets through.
///
/// The throttle delivers one name at a time, in order; the last one is kept under a lock only because
/// the delivering thread may change from one name to the next.
private final class DistinctNames: Sendable {
  private let last = RuntimeLock<String?>(nil)

  /// True when `name` differs from the name before it (always for the first).
  func isNew(_ name: String) -> Bool {
    last.withLock { last in
      defer { last = name }
      return last != name
    }
  }
}

extension SignupArchitecture {
  /// A new screen of this architecture behind the username binding (``UsernameBoundSignupScreen``):
  /// what a view shows, where ``makeScreen(validation:)`` is the engine alone.
  public func makeScreen(
    validation: ValidationService, usernameThrottle: Duration = .milliseconds(300), clock: any Clock<Duration>
  ) async -> UsernameBoundSignupScreen {
    UsernameBoundSignupScreen(await makeScreen(validation: validation), interval: usernameThrottle, clock: clock)
  }
}
