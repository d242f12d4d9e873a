import AsyncAlgorithms
public import ReactorCore

/// The Signup screen as a view model of asynchronous sequences (RxExample's `GithubSignupViewModel1`).
///
/// Inputs are the text fields and the button; outputs are what the screen shows. Each output is a
/// transformation of the inputs, written once in ``init(input:validation:wireframe:)``:
///
/// | output | from |
/// |---|---|
/// | ``validatedUsername`` | username → `switchMap(validateUsername)` (Rx's `flatMapLatest`): a newer name drops the older check |
/// | ``validatedPassword`` | password → `map(validatePassword)` |
/// | ``validatedPasswordRepeated`` | `combineLatest(password, repeated)` → `map(validateRepeatedPassword)` |
/// | ``signingIn`` | an ``ActivityTracker`` around the signup request |
/// | ``signupEnabled`` | `combineLatest` of the three results and `signingIn`, de-duplicated |
/// | ``signedIn`` | taps → signup → the wireframe's prompt → its outcome, once the user answers |
///
/// Like Rx's `share(replay: 1)`, each output is computed once, however many observers it has, and
/// gives a new observer its latest value first. The view model owns the tasks that run the
/// transformations and cancels them when released.
public final class SignupViewModel: Sendable {
  /// What the screen feeds in. Text fields are ``Broadcast``s, as RxCocoa's `ControlProperty`:
  /// they hold the current text and replay it to each subscriber.
  public struct Input: Sendable {
    public let username: Broadcast<String>
    public let password: Broadcast<String>
    public let repeatedPassword: Broadcast<String>
    public let signupTaps: AsyncStream<Void>

    public init(
      username: Broadcast<String>,
      password: Broadcast<String>,
      repeatedPassword: Broadcast<String>,
      signupTaps: AsyncStream<Void>
    ) {
      self.username = username
      self.password = password
      self.repeatedPassword = repeatedPassword
      self.signupTaps = signupTaps
    }
  }

  private let checkedUsername = Broadcast(CheckedUsername(name: "", result: .empty))
  private let usernameResult = Broadcast(ValidationResult.empty)
  private let passwordResult = Broadcast(ValidationResult.empty)
  private let repeatedPasswordResult = Broadcast(ValidationResult.empty)
  private let isSignupEnabled = Broadcast(false)
  private let signedInResult = Broadcast<Bool?>(nil)
  private let activity = ActivityTracker()
  private let connections: [Task<Void, Never>]

  /// The username's validation: `validating` while its availability is checked.
  public var validatedUsername: BroadcastValues<ValidationResult> { usernameResult.values() }
  public var validatedPassword: BroadcastValues<ValidationResult> { passwordResult.values() }
  public var validatedPasswordRepeated: BroadcastValues<ValidationResult> { repeatedPasswordResult.values() }
  /// True when "Sign up" may be tapped.
  public var signupEnabled: BroadcastValues<Bool> { isSignupEnabled.values() }
  /// True while the signup request is in flight.
  public var signingIn: BroadcastValues<Bool> { activity.isActive }
  /// Each signup's success, delivered after the user has answered the prompt that showed it.
  public var signedIn: some AsyncSequence<Bool, Never> & Sendable { signedInResult.values().compacted() }

  public init(input: Input, validation: ValidationService, wireframe: any Wireframe) {
    let messages = validation.messages
    let activity = self.activity
    let isSignupEnabled = self.isSignupEnabled

    let validatedUsername = input.username.values()
      .removeDuplicates()
      .switchMap { name in validation.validateUsername(name).map { CheckedUsername(name: name, result: $0) } }

    let validatedPassword = input.password.values()
      .map { validation.validatePassword($0) }

    let validatedPasswordRepeated = combineLatest(input.password.values(), input.repeatedPassword.values())
      .map { validation.validateRepeatedPassword($0, repeated: $1) }

    let signupEnabled = combineLatest(
      combineLatest(usernameResult.values(), passwordResult.values(), repeatedPasswordResult.values()),
      activity.isActive
    )
    .map { results, signingIn in results.0.isValid && results.1.isValid && results.2.isValid && !signingIn }
    .removeDuplicates()

    // Taps read the fields' current text (Rx's `withLatestFrom`). A tap is ignored unless that text
    // is valid now: the username's check answered for this very name, and no signup in flight. The
    // outputs are computed asynchronously, so `signupEnabled` alone may lag behind a fresh edit.
    let checkedUsername = self.checkedUsername
    let outcomes = input.signupTaps
      .filter {
        let (password, repeated) = (input.password.value, input.repeatedPassword.value)
        let checked = checkedUsername.value
        return isSignupEnabled.value && !activity.isRunning
          && checked.name == input.username.value && checked.result.isValid
          && validation.validatePassword(password).isValid
          && validation.validateRepeatedPassword(password, repeated: repeated).isValid
      }
      .map { (username: input.username.value, password: input.password.value) }
      .switchMap { attempt in
        AsyncStream.single {
          await activity.track { await validation.signup(username: attempt.username, password: attempt.password) }
        }
      }

    // Editing a field dismisses the prompt still shown for the previous outcome.
    let edits = merge(
      input.username.values().dropFirst(),
      input.password.values().dropFirst(),
      input.repeatedPassword.values().dropFirst()
    )
    .map { _ in SignupOutcome?.none }

    let signedIn = merge(outcomes.map { Optional($0) }, edits)
      .switchMap { outcome in
        AsyncStream<Bool?>.single {
          guard let outcome else { return nil }
          _ = await wireframe.promptFor(messages.signup(outcome), cancelAction: messages.ok, actions: [])
          return outcome.isSuccess
        }
      }

    connections = [
      Self.connect(validatedUsername, to: checkedUsername),
      Self.connect(checkedUsername.values().map(\.result), to: usernameResult),
      Self.connect(validatedPassword, to: passwordResult),
      Self.connect(validatedPasswordRepeated, to: repeatedPasswordResult),
      Self.connect(signupEnabled, to: isSignupEnabled),
      Self.connect(signedIn.compacted().map { Optional($0) }, to: signedInResult),
    ]
  }

  deinit {
    for connection in connections { connection.cancel() }
  }

  /// A username and the result of validating it.
  private struct CheckedUsername: Sendable, Equatable {
    let name: String
    let result: ValidationResult
  }

  /// Runs `source` into `output` until the view model is released (Rx's `share(replay: 1)`).
  private static func connect<Source: AsyncSequence & Sendable>(
    _ source: Source,
    to output: Broadcast<Source.Element>
  ) -> Task<Void, Never> where Source.Failure == Never, Source.Element: Sendable {
    Task {
      for await value in source { output.send(value) }
    }
  }
}
