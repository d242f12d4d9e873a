public import OctoreactCore
public import OctoreactMVVM

/// The inputs a view feeds to either view model: the text fields, the button and the wireframe.
public struct SignupControls: Sendable {
  public let username = Broadcast("")
  public let password = Broadcast("")
  public let repeatedPassword = Broadcast("")
  public let taps: AsyncStream<Void>
  public let tap: AsyncStream<Void>.Continuation
  public let wireframe = ScreenWireframe()

  public init() {
    (taps, tap) = AsyncStream.makeStream(of: Void.self)
  }

  public var input: SignupViewModel.Input {
    SignupViewModel.Input(username: username, password: password, repeatedPassword: repeatedPassword, signupTaps: taps)
  }

  /// The input stream `event` feeds, and its value (for a ``StreamEvent``).
  static func input(_ event: SignupReactor.Action) -> StreamEvent {
    switch event {
    case .usernameChanged(let text): StreamEvent(.input, "username", text)
    case .passwordChanged(let text): StreamEvent(.input, "password", text)
    case .repeatedPasswordChanged(let text): StreamEvent(.input, "repeatedPassword", text)
    case .signup: StreamEvent(.input, "signupTaps", ())
    case .dismissOutcome: StreamEvent(.input, "promptAnswer", ())
    }
  }

  /// Feeds one user event to the controls, as the view would.
  public func send(_ event: SignupReactor.Action) {
    switch event {
    case .usernameChanged(let text): username.send(text)
    case .passwordChanged(let text): password.send(text)
    case .repeatedPasswordChanged(let text): repeatedPassword.send(text)
    case .signup: tap.yield()
    case .dismissOutcome: wireframe.answer()
    }
  }
}

/// `SignupViewModel`, its outputs bound one by one into a ``SignupScreenState`` as a view would.
public final class StreamSignupScreen: SignupScreen {
  public let viewModel: SignupViewModel
  public let controls = SignupControls()
  private let screen = Broadcast(SignupScreenState())
  /// The outputs bound synchronously, as RxCocoa's `bind(to:)` is: when a field's `send` returns,
  /// the screen shows everything it changed.
  private let bindings: [BroadcastObservation]
  private let events: (@Sendable (StreamEvent) -> Void)?

  /// A screen whose view model reports each value on its input and output streams to `events`
  /// (``StreamEvent``), when given: an input before the view model gets it, an output as it is bound.
  public init(validation: ValidationService, events: (@Sendable (StreamEvent) -> Void)? = nil) {
    viewModel = SignupViewModel(input: controls.input, validation: validation, wireframe: controls.wireframe)
    self.events = events
    let screen = self.screen
    func bind<Value: Sendable>(
      _ output: ReadOnlyBroadcast<Value>, _ name: String,
      _ keyPath: any WritableKeyPath<SignupScreenState, Value> & Sendable
    ) -> BroadcastObservation {
      output.observe { value in
        events?(StreamEvent(.output, name, value))
        screen.update { $0[keyPath: keyPath] = value }
      }
    }
    bindings = [
      bind(viewModel.validatedUsername, "validatedUsername", \.username),
      bind(viewModel.validatedPassword, "validatedPassword", \.password),
      bind(viewModel.validatedPasswordRepeated, "validatedPasswordRepeated", \.repeatedPassword),
      bind(viewModel.signupEnabled, "signupEnabled", \.isSignupEnabled),
      bind(viewModel.signingIn, "signingIn", \.isSigningUp),
      bind(viewModel.checkingUsername, "checkingUsername", \.isCheckingUsername),
      bind(viewModel.networkActive, "networkActive", \.isNetworkActive),
      bind(ReadOnlyBroadcast(controls.wireframe.shownPrompt), "shownPrompt", \.alert),
      bind(viewModel.accountToOpen, "accountToOpen", \.accountToOpen),
    ]
  }

  deinit {
    for binding in bindings { binding.cancel() }
    controls.tap.finish()
  }

  public func send(_ event: SignupReactor.Action) {
    events?(SignupControls.input(event))
    controls.send(event)
  }

  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable { screen.values() }
  public var currentState: SignupScreenState { screen.value }
  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }
}

/// `SignupDriverViewModel`: every output driven on the main actor into a ``SignupScreenState``.
public final class DriverSignupScreen: SignupScreen {
  public let controls = SignupControls()
  private let screen = Broadcast(SignupScreenState())
  private let holder: MainActorHolder
  private let events: (@Sendable (StreamEvent) -> Void)?

  /// A screen whose view model reports each value on its input and output streams to `events`
  /// (``StreamEvent``), when given: an input before the view model gets it, an output as it is
  /// driven (on the main actor).
  @MainActor
  public init(validation: ValidationService, events: (@Sendable (StreamEvent) -> Void)? = nil) {
    let viewModel = SignupDriverViewModel(input: controls.input, validation: validation, wireframe: controls.wireframe)
    self.events = events
    let screen = self.screen
    let prompt = Driver(controls.wireframe.shownPrompt.values())
    func bind<T: Sendable>(
      _ driver: Driver<T>, _ name: String, _ keyPath: any WritableKeyPath<SignupScreenState, T> & Sendable
    ) -> DriverSubscription {
      driver.drive { value in
        events?(StreamEvent(.output, name, value))
        screen.update { $0[keyPath: keyPath] = value }
      }
    }
    holder = MainActorHolder(
      viewModel: viewModel,
      prompt: prompt,
      subscriptions: [
        bind(viewModel.validatedUsername, "validatedUsername", \.username),
        bind(viewModel.validatedPassword, "validatedPassword", \.password),
        bind(viewModel.validatedPasswordRepeated, "validatedPasswordRepeated", \.repeatedPassword),
        bind(viewModel.signupEnabled, "signupEnabled", \.isSignupEnabled),
        bind(viewModel.signingIn, "signingIn", \.isSigningUp),
        bind(viewModel.checkingUsername, "checkingUsername", \.isCheckingUsername),
        bind(viewModel.networkActive, "networkActive", \.isNetworkActive),
        bind(prompt, "shownPrompt", \.alert),
        bind(viewModel.accountToOpen, "accountToOpen", \.accountToOpen),
      ]
    )
  }

  deinit { controls.tap.finish() }

  public func send(_ event: SignupReactor.Action) {
    events?(SignupControls.input(event))
    controls.send(event)
  }
  public var states: any AsyncSequence<SignupScreenState, Never> & Sendable { screen.values() }
  public var currentState: SignupScreenState { screen.value }
  public func observe(_ observer: @escaping @Sendable (SignupScreenState) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }

  /// Keeps the main-actor objects alive for as long as the screen.
  @MainActor
  private final class MainActorHolder: Sendable {
    let viewModel: SignupDriverViewModel
    let prompt: Driver<String?>
    let subscriptions: [DriverSubscription]

    init(viewModel: SignupDriverViewModel, prompt: Driver<String?>, subscriptions: [DriverSubscription]) {
      self.viewModel = viewModel
      self.prompt = prompt
      self.subscriptions = subscriptions
    }
  }
}
