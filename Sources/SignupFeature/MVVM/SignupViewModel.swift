import OctoreactCore
public import OctoreactMVVM

/// The Signup screen as a view model of observable values (RxExample's `GithubSignupViewModel1`).
///
/// Inputs are the text fields and the button; outputs are what the screen shows, each a
/// ``ReadOnlyBroadcast`` that gives its latest value first (Rx's `share(replay: 1)`), observed
/// synchronously (`observe`) or as an asynchronous sequence (`values()`). Each output
/// is a transformation of the inputs, written once in ``init(input:validation:wireframe:)``:
///
/// | output | from |
/// |---|---|
/// | ``validatedUsername`` | username → distinct → the latest check only (Rx's `flatMapLatest`): a newer name drops the older check |
/// | ``validatedPassword`` | password → `map(validatePassword)` |
/// | ``validatedPasswordRepeated`` | `combineLatest(password, repeated)` → `validateRepeatedPassword` |
/// | ``checkingUsername`` | an ``ActivityTracker`` around each availability check |
/// | ``signingIn`` | an ``ActivityTracker`` around the signup request |
/// | ``networkActive`` | `combineLatest(checkingUsername, signingIn)` → either, de-duplicated |
/// | ``signupEnabled`` | `combineLatest` of the three results and `signingIn`, de-duplicated |
/// | ``signedIn`` | taps → signup → the wireframe's prompt → its outcome, once the user answers |
/// | ``accountToOpen`` | the login a success created, once the user answers its prompt |
///
/// After every signup the outputs are true: a name just signed up, or refused as taken, is
/// "Username already taken" (so "Sign up" is not left enabled on a stale "available").
///
/// The transformations are synchronous, as Rx's are: when an input's `send` returns, every output
/// that depends on it has its new value, and no task or buffer sits in between. Only the work that
/// waits (the availability check, the signup, the prompt) runs in tasks, which the view model owns
/// and cancels when released.
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

  private let usernameResult: Broadcast<ValidationResult>
  private let passwordResult: Broadcast<ValidationResult>
  private let repeatedPasswordResult: Broadcast<ValidationResult>
  private let isSignupEnabled: Broadcast<Bool>
  private let isSigningIn = Broadcast(false)
  private let isCheckingUsername = Broadcast(false)
  private let isNetworkActive: Broadcast<Bool>
  private let signedInResult = Broadcast<Bool?>(nil)
  private let createdAccount = Broadcast<String?>(nil)
  /// The observations that start checks and dismiss the prompt: kept for as long as the view model.
  /// (The derived broadcasts in between need no keeping: their sources hold them.)
  private let observations: [BroadcastObservation]
  private let usernameCheck = LatestWork()
  private let signupRequest = LatestWork()
  private let prompt = LatestWork()
  private let taps: Task<Void, Never>

  /// The username's validation: `validating` while its availability is checked.
  public var validatedUsername: ReadOnlyBroadcast<ValidationResult> { ReadOnlyBroadcast(usernameResult) }
  public var validatedPassword: ReadOnlyBroadcast<ValidationResult> { ReadOnlyBroadcast(passwordResult) }
  public var validatedPasswordRepeated: ReadOnlyBroadcast<ValidationResult> { ReadOnlyBroadcast(repeatedPasswordResult) }
  /// True when "Sign up" may be tapped.
  public var signupEnabled: ReadOnlyBroadcast<Bool> { ReadOnlyBroadcast(isSignupEnabled) }
  /// True while the signup request is in flight.
  public var signingIn: ReadOnlyBroadcast<Bool> { ReadOnlyBroadcast(isSigningIn) }
  /// True while at least one availability check is in flight.
  ///
  /// **Counting.** Each check is counted from when it starts until its request returns; a check
  /// made stale by a newer name is cancelled, so with an API that honours cancellation (every real
  /// one) it stops counting at once. An API that ignores cancellation keeps it counted until it
  /// answers: its request is still on the network. The count never goes negative.
  public var checkingUsername: ReadOnlyBroadcast<Bool> { ReadOnlyBroadcast(isCheckingUsername) }
  /// True while any request of the screen is in flight (a check or the signup).
  public var networkActive: ReadOnlyBroadcast<Bool> { ReadOnlyBroadcast(isNetworkActive) }
  /// Each signup's success, delivered after the user has answered the prompt that showed it.
  public var signedIn: some AsyncSequence<Bool, Never> & Sendable { signedInResult.values().compactMap { $0 } }
  /// The login of the account a signup created, once the user has answered the prompt that showed
  /// it: the screen goes to that account's page.
  public var accountToOpen: ReadOnlyBroadcast<String?> { ReadOnlyBroadcast(createdAccount) }

  public init(input: Input, validation: ValidationService, wireframe: any Wireframe) {
    let messages = validation.messages
    let activity = ActivityTracker(reportingTo: isSigningIn)
    let checks = ActivityTracker(reportingTo: isCheckingUsername)
    isNetworkActive = Broadcast.combineLatest(isCheckingUsername, isSigningIn) { $0 || $1 }.removingDuplicates()

    // Username: a new name makes the check in flight stale; a well-formed one is `validating`
    // until the server answers.
    let checkedUsername = Broadcast(CheckedUsername(name: "", result: .empty))
    let usernameCheck = self.usernameCheck
    let distinctUsernames = input.username.removingDuplicates()
    let checking = distinctUsernames.observe { name in
      if let result = validation.localUsernameResult(name) {
        usernameCheck.replace(publishing: { checkedUsername.send(CheckedUsername(name: name, result: result)) })
        return
      }
      usernameCheck.replace(publishing: { checkedUsername.send(CheckedUsername(name: name, result: .validating)) }) {
        ticket in
        // The answer is published while the check still counts, so no output says "idle" while the
        // row still says `validating`.
        await checks.track {
          let result = await validation.availability(of: name)
          ticket.ifLatest { checkedUsername.send(CheckedUsername(name: name, result: result)) }
        }
      }
    }
    usernameResult = checkedUsername.map(\.result)

    passwordResult = input.password.map { validation.validatePassword($0) }
    repeatedPasswordResult = Broadcast.combineLatest(input.password, input.repeatedPassword) {
      validation.validateRepeatedPassword($0, repeated: $1)
    }

    // One combination of the four, as RxExample's: nested pairs would put every change through
    // three more broadcasts.
    isSignupEnabled = Broadcast.combineLatest(usernameResult, passwordResult, repeatedPasswordResult, isSigningIn) {
      $0.isValid && $1.isValid && $2.isValid && !$3
    }.removingDuplicates()

    // Editing a field dismisses the prompt still shown for the previous outcome.
    let prompt = self.prompt
    let edits = [input.username, input.password, input.repeatedPassword].map { field in
      field.observe { _ in prompt.cancel() }
    }
    let signedInResult = self.signedInResult
    let createdAccount = self.createdAccount
    @Sendable func showPrompt(for outcome: SignupOutcome) {
      prompt.replace(with: { ticket in
        _ = await wireframe.promptFor(messages.signup(outcome), cancelAction: messages.ok, actions: [])
        ticket.ifLatest {
          signedInResult.send(outcome.isSuccess)
          if case .created(let login) = outcome { createdAccount.send(login) }
        }
      })
    }

    // Taps read the fields' current text (Rx's `withLatestFrom`), and are ignored unless signing
    // up is enabled for exactly that text: the username's answer is for this very name.
    let isSignupEnabled = self.isSignupEnabled
    let signupRequest = self.signupRequest
    taps = Task {
      for await _ in input.signupTaps {
        let (username, password) = (input.username.value, input.password.value)
        guard isSignupEnabled.value, checkedUsername.value.name == username else { continue }
        signupRequest.replace(with: { ticket in
          let outcome = await activity.track {
            let outcome = await validation.signup(username: username, password: password)
            // The row learns what the outcome says about the name before `signingIn` ends, so
            // "Sign up" is never re-enabled on the "available" of a name now taken. Only if the
            // row still shows that name: a newer name has a check of its own.
            if let result = validation.usernameResult(after: outcome) {
              ticket.ifLatest {
                checkedUsername.update { checked in
                  if checked.name == username { checked = CheckedUsername(name: username, result: result) }
                }
              }
            }
            return outcome
          }
          ticket.ifLatest { showPrompt(for: outcome) }
        })
      }
    }

    observations = [checking] + edits
  }

  deinit {
    taps.cancel()
    usernameCheck.cancel()
    signupRequest.cancel()
    prompt.cancel()
  }

  /// A username and the result of validating it.
  private struct CheckedUsername: Sendable, Equatable {
    let name: String
    let result: ValidationResult
  }
}
