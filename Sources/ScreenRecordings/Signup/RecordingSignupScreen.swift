import AccountRules
public import OctoreactCore
public import SignupFeature

/// A Signup screen of one engine that records its session: every event sent to it, every answer
/// its `SignupAPI` gives, every state it shows (``SignupRecording``).
///
/// For example, a page that offers "Download recording":
///
/// ```swift
/// let screen = await RecordingSignupScreen(.reactor, validation: validation, clock: ContinuousClock())
/// screen.send(.usernameChanged("octocat"))
/// let json = try screen.recording.encoded()
/// ```
///
/// Passwords are replaced before anything is kept (``PasswordMask``); the signup request is kept
/// by its username alone.
public final class RecordingSignupScreen: SignupScreen, SessionRecordingScreen {
  /// The engine's screen, whose API answers are recorded.
  public let screen: any SignupScreen
  public let recorder: SessionRecorder<SignupSession>
  private let observation: BroadcastObservation

  public convenience init<C: Clock<Duration>>(
    _ engine: SignupArchitecture, validation: ValidationService, clock: C,
    limit: Int = SessionRecorder<SignupSession>.defaultLimit
  ) async {
    await self.init(engine, validation: validation, clock: clock, limit: limit) { validation in
      await engine.makeScreen(validation: validation)
    }
  }

  /// A recording screen whose engine reports its events to an inspector, `report` (``SignupInspection``:
  /// passwords replaced).
  public convenience init<C: Clock<Duration>>(
    _ engine: SignupArchitecture, validation: ValidationService, clock: C,
    limit: Int = SessionRecorder<SignupSession>.defaultLimit, inspector report: @escaping InspectorSink
  ) async {
    await self.init(engine, validation: validation, clock: clock, limit: limit) { validation in
      await SignupInspection().makeScreen(engine, validation: validation, report: report)
    }
  }

  /// A recording screen whose engine's screen `makeScreen` makes, from the validation whose answers
  /// are recorded: for a screen made in a particular way, such as one that reports its events.
  public init<C: Clock<Duration>>(
    _ engine: SignupArchitecture, validation: ValidationService, clock: C,
    limit: Int = SessionRecorder<SignupSession>.defaultLimit,
    makeScreen: (ValidationService) async -> any SignupScreen
  ) async {
    let recorder = SessionRecorder<SignupSession>(
      engine: engine.rawValue, language: validation.messages.language.rawValue, clock: clock, limit: limit)
    self.recorder = recorder
    let recorded = ValidationService(
      api: Self.recording(validation.api, into: recorder), usernameRules: validation.usernameRules,
      passwordPolicy: validation.passwordPolicy, messages: validation.messages)
    let screen = await makeScreen(recorded)
    self.screen = screen
    // The first state is recorded before this returns, at time 0.
    observation = recorder.recordStates(of: screen.observe)
  }

  deinit { observation.cancel() }

  /// The session so far.
  public var recording: SignupRecording { recorder.recording }

  public func send(_ event: SignupReactor.Action) {
    recorder.recordInput { SignupInput(event, mask: &$0) }
    screen.send(event)
  }

  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable { screen.states }
  public var currentState: SignupScreenState { screen.currentState }
  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }
  public var runningTaskCount: Int? { screen.runningTaskCount }

  /// `api`, each answer recorded as it comes back.
  static func recording(_ api: SignupAPI, into recorder: SessionRecorder<SignupSession>) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { username in
        try await recorder.recordAnswer(to: { try await api.usernameAvailable(username) }) { requestedAt, reply in
          var answer = SignupAnswer(request: .usernameAvailable, username: username, requestedAt: requestedAt)
          switch reply {
          case .success(let available): answer.available = available
          case .failure(let error): answer.error = RecordedError(error)
          }
          return answer
        }
      },
      signup: { username, password in
        try await recorder.recordAnswer(to: { try await api.signup(username, password) }) { requestedAt, reply in
          var answer = SignupAnswer(request: .signup, username: username, requestedAt: requestedAt)
          switch reply {
          case .success(let outcome): answer.outcome = outcome
          case .failure(let error): answer.error = RecordedError(error)
          }
          return answer
        }
      }
    )
  }
}
