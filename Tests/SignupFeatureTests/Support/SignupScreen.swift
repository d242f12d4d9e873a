import Clocks
import ReactorCore
import ReactorTesting
import SignupFeature
import Testing

/// What the Signup screen shows, the same for every architecture.
struct SignupSnapshot: Sendable, Equatable, CustomStringConvertible {
  var username = ValidationResult.empty
  var password = ValidationResult.empty
  var repeatedPassword = ValidationResult.empty
  var isSignupEnabled = false
  var isSigningUp = false
  /// The signup alert's message while it is shown.
  var alert: String?

  var description: String {
    "user=\(username) pass=\(password) repeat=\(repeatedPassword) enabled=\(isSignupEnabled) "
      + "busy=\(isSigningUp) alert=\(alert ?? "-")"
  }
}

/// The Signup screen as a user drives it, whatever architecture is behind it.
protocol SignupScreen: Sendable {
  var recorder: StateRecorder<SignupSnapshot> { get }
  func typeUsername(_ text: String)
  func typePassword(_ text: String)
  func typeRepeatedPassword(_ text: String)
  func tapSignup()
  func answerAlert()
}

/// The three architectures of the examples.
enum SignupArchitecture: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case reactor, streams, driver

  var testDescription: String { rawValue }

  func makeScreen(validation: ValidationService, clock: TestClock<Duration>) async -> any SignupScreen {
    switch self {
    case .reactor: ReactorSignupScreen(validation: validation, clock: clock)
    case .streams: StreamSignupScreen(validation: validation, clock: clock)
    case .driver: await DriverSignupScreen(validation: validation, clock: clock)
    }
  }
}

/// `SignupReactor` behind a `ReactorStore`.
final class ReactorSignupScreen: SignupScreen {
  let store: ReactorStore<SignupReactor>
  let recorder: StateRecorder<SignupSnapshot>

  init(validation: ValidationService, clock: TestClock<Duration>) {
    store = ReactorStore(SignupReactor(validation: validation))
    let messages = validation.messages
    let snapshots = store.states.map { state in
      SignupSnapshot(
        username: state.usernameResult,
        password: state.passwordResult,
        repeatedPassword: state.repeatedPasswordResult,
        isSignupEnabled: state.isSignupEnabled,
        isSigningUp: state.isSigningUp,
        alert: state.signupOutcome.map(messages.signup)
      )
    }
    recorder = StateRecorder(snapshots, clock: clock)
  }

  func typeUsername(_ text: String) { store.send(.usernameChanged(text)) }
  func typePassword(_ text: String) { store.send(.passwordChanged(text)) }
  func typeRepeatedPassword(_ text: String) { store.send(.repeatedPasswordChanged(text)) }
  func tapSignup() { store.send(.signup) }
  func answerAlert() { store.send(.dismissOutcome) }
}

/// The inputs a view feeds to either view model.
struct SignupControls: Sendable {
  let username = Broadcast("")
  let password = Broadcast("")
  let repeatedPassword = Broadcast("")
  let taps: AsyncStream<Void>
  let tap: AsyncStream<Void>.Continuation
  let wireframe = FakeWireframe()

  init() {
    (taps, tap) = AsyncStream.makeStream(of: Void.self)
  }

  var input: SignupViewModel.Input {
    SignupViewModel.Input(username: username, password: password, repeatedPassword: repeatedPassword, signupTaps: taps)
  }
}

/// `SignupViewModel`: outputs combined into one snapshot as a view would show them.
final class StreamSignupScreen: SignupScreen {
  let viewModel: SignupViewModel
  let controls = SignupControls()
  let recorder: StateRecorder<SignupSnapshot>
  private let bindings: [Task<Void, Never>]

  init(validation: ValidationService, clock: TestClock<Duration>) {
    viewModel = SignupViewModel(input: controls.input, validation: validation, wireframe: controls.wireframe)
    let screen = Broadcast(SignupSnapshot())
    recorder = StateRecorder(screen.values(), clock: clock)
    func bind<S: AsyncSequence & Sendable>(
      _ output: S,
      _ keyPath: any WritableKeyPath<SignupSnapshot, S.Element> & Sendable
    ) -> Task<Void, Never> where S.Failure == Never, S.Element: Sendable {
      Task {
        for await value in output { screen.update { $0[keyPath: keyPath] = value } }
      }
    }
    bindings = [
      bind(viewModel.validatedUsername, \.username),
      bind(viewModel.validatedPassword, \.password),
      bind(viewModel.validatedPasswordRepeated, \.repeatedPassword),
      bind(viewModel.signupEnabled, \.isSignupEnabled),
      bind(viewModel.signingIn, \.isSigningUp),
      bind(controls.wireframe.shownPrompt.values(), \.alert),
    ]
  }

  deinit { for binding in bindings { binding.cancel() } }

  func typeUsername(_ text: String) { controls.username.send(text) }
  func typePassword(_ text: String) { controls.password.send(text) }
  func typeRepeatedPassword(_ text: String) { controls.repeatedPassword.send(text) }
  func tapSignup() { controls.tap.yield() }
  func answerAlert() { controls.wireframe.answer() }
}

/// `SignupDriverViewModel`: every output driven on the main actor into one snapshot.
final class DriverSignupScreen: SignupScreen {
  let controls = SignupControls()
  let recorder: StateRecorder<SignupSnapshot>
  private let holder: MainActorHolder

  @MainActor
  init(validation: ValidationService, clock: TestClock<Duration>) {
    let viewModel = SignupDriverViewModel(input: controls.input, validation: validation, wireframe: controls.wireframe)
    let screen = Broadcast(SignupSnapshot())
    recorder = StateRecorder(screen.values(), clock: clock)
    let prompt = Driver(controls.wireframe.shownPrompt.values())
    func bind<T>(_ driver: Driver<T>, _ keyPath: any WritableKeyPath<SignupSnapshot, T> & Sendable) -> DriverSubscription {
      driver.drive { value in
        MainActor.assertIsolated("a Driver delivers on the main actor")
        screen.update { $0[keyPath: keyPath] = value }
      }
    }
    holder = MainActorHolder(
      viewModel: viewModel,
      prompt: prompt,
      subscriptions: [
        bind(viewModel.validatedUsername, \.username),
        bind(viewModel.validatedPassword, \.password),
        bind(viewModel.validatedPasswordRepeated, \.repeatedPassword),
        bind(viewModel.signupEnabled, \.isSignupEnabled),
        bind(viewModel.signingIn, \.isSigningUp),
        bind(prompt, \.alert),
      ]
    )
  }

  func typeUsername(_ text: String) { controls.username.send(text) }
  func typePassword(_ text: String) { controls.password.send(text) }
  func typeRepeatedPassword(_ text: String) { controls.repeatedPassword.send(text) }
  func tapSignup() { controls.tap.yield() }
  func answerAlert() { controls.wireframe.answer() }

  /// Keeps the main-actor objects alive for as long as the screen.
  @MainActor
  final class MainActorHolder: Sendable {
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
