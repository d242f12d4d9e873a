public import AccountRules
/// Validates the Signup screen's three fields and performs the signup, in one language.
///
/// The rules every front end shares. Nothing here throws: a failed request becomes a
/// `failed("Error contacting server")` result or a ``SignupOutcome/failed`` outcome, so an error
/// never ends a screen's streams.
public struct ValidationService: Sendable {
  public let api: SignupAPI
  public let usernameRules: UsernameRules
  public let passwordPolicy: PasswordPolicy
  public let messages: SignupMessages
  /// The two password failures, worded once: they are shown on every keystroke of a short password.
  private let passwordTooShort: String
  private let passwordTooLong: String

  public init(
    api: SignupAPI,
    usernameRules: UsernameRules = .github,
    passwordPolicy: PasswordPolicy = .standard,
    messages: SignupMessages = SignupMessages()
  ) {
    self.api = api
    self.usernameRules = usernameRules
    self.passwordPolicy = passwordPolicy
    self.messages = messages
    (passwordTooShort, passwordTooLong) =
      (passwordPolicy == .standard ? Self.standardPasswordFailures[messages.language] : nil)
      ?? Self.passwordFailures(messages, passwordPolicy)
  }

  /// The standard policy's two failures in every language, worded once: each screen then shares them.
  private static let standardPasswordFailures = Dictionary(
    uniqueKeysWithValues: Language.allCases.map { ($0, passwordFailures(SignupMessages($0), .standard)) })

  private static func passwordFailures(_ messages: SignupMessages, _ policy: PasswordPolicy) -> (String, String) {
    (
      messages.passwordTooShort(minimum: policy.minimumLength),
      messages.passwordTooLong(maximumBytes: policy.maximumBytes)
    )
  }

  // MARK: - Username

  /// The result known without asking the server: `.empty`, a malformed or reserved name's failure
  /// (``ReservedUsernames``), or `nil` when the name is well formed and its availability must be
  /// checked.
  public func localUsernameResult(_ username: String) -> ValidationResult? {
    if username.isEmpty { return .empty }
    if let violation = usernameRules.violation(in: username) {
      return .failed(message: messages.username(violation))
    }
    if ReservedUsernames.contains(username) { return .failed(message: messages.usernameReserved) }
    return nil
  }

  /// Asks the server whether a well-formed `username` is free.
  public func availability(of username: String) async -> ValidationResult {
    do {
      return try await api.usernameAvailable(username)
        ? .ok(message: messages.usernameAvailable)
        : .failed(message: messages.usernameTaken)
    } catch SignupAPIError.rateLimited(let retryAfter) {
      return .failed(message: messages.rateLimited(retryAfter: retryAfter))
    } catch SignupAPIError.serverBusy(let retryAfter) {
      return .failed(message: messages.serverBusy(retryAfter: retryAfter))
    } catch {
      return .failed(message: messages.serverError)
    }
  }

  /// The username's results over time: the local result alone, or `.validating` then the answer
  /// (Rx's `validateUsername(_:).startWith(.validating)`). Ending iteration cancels the request.
  public func validateUsername(_ username: String) -> AsyncStream<ValidationResult> {
    AsyncStream { continuation in
      if let result = localUsernameResult(username) {
        continuation.yield(result)
        continuation.finish()
        return
      }
      continuation.yield(.validating)
      let request = Task {
        continuation.yield(await availability(of: username))
        continuation.finish()
      }
      continuation.onTermination = { _ in request.cancel() }
    }
  }

  // MARK: - Passwords

  public func validatePassword(_ password: String) -> ValidationResult {
    if password.isEmpty { return .empty }
    switch passwordPolicy.violation(in: password) {
    case .tooShort: return .failed(message: passwordTooShort)
    case .tooLong: return .failed(message: passwordTooLong)
    case nil: return .ok(message: messages.passwordAcceptable)
    }
  }

  public func validateRepeatedPassword(_ password: String, repeated: String) -> ValidationResult {
    if repeated.isEmpty { return .empty }
    return repeated == password ? .ok(message: messages.passwordRepeated) : .failed(message: messages.passwordDifferent)
  }

  // MARK: - Signup

  /// The username's result once a signup of it has ended: taken after a success (by the new
  /// account) or a refusal (by someone else meanwhile); `nil` when the outcome says nothing about the
  /// name (the request failed or was refused for another reason).
  public func usernameResult(after outcome: SignupOutcome) -> ValidationResult? {
    switch outcome {
    case .created, .refused: .failed(message: messages.usernameTaken)
    case .failed, .rateLimited, .serverBusy: nil
    }
  }

  /// Sends the signup request; a request that throws is a ``SignupOutcome/failed`` outcome, or
  /// ``SignupOutcome/rateLimited(retryAfter:)`` / ``SignupOutcome/serverBusy(retryAfter:)`` when the
  /// server said to wait.
  public func signup(username: String, password: String) async -> SignupOutcome {
    do {
      return try await api.signup(username, password)
    } catch SignupAPIError.rateLimited(let retryAfter) {
      return .rateLimited(retryAfter: retryAfter)
    } catch SignupAPIError.serverBusy(let retryAfter) {
      return .serverBusy(retryAfter: retryAfter)
    } catch {
      return .failed
    }
  }
}
