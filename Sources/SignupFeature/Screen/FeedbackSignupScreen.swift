public import OctoreactCore
public import OctoreactFeedback

/// ``SignupFeedback`` in a `FeedbackSystem`.
public final class FeedbackSignupScreen: SignupScreen {
  public let system: FeedbackSystem<SignupFeedback.State, SignupFeedback.Event>
  private let messages: SignupMessages

  /// A screen whose system reports its steps to `events` (`FeedbackEvent`), when given. The events
  /// and the signup's request carry what the user typed, passwords included: an inspector masks them.
  public init(
    validation: ValidationService,
    events: (@Sendable (FeedbackEvent<SignupFeedback.State, SignupFeedback.Event>) -> Void)? = nil
  ) {
    system = SignupFeedback(validation: validation).makeSystem(events: events)
    messages = validation.messages
  }

  public func send(_ event: SignupReactor.Action) { system.send(.user(event)) }

  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable {
    let messages = self.messages
    return system.states.map { ReactorSignupScreen.screenState($0.screen, messages) }
  }

  public var currentState: SignupScreenState { ReactorSignupScreen.screenState(system.currentState.screen, messages) }
  public var runningTaskCount: Int? { system.runningEffectCount }

  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    let messages = self.messages
    return system.observe { observer(ReactorSignupScreen.screenState($0.screen, messages)) }
  }
}
