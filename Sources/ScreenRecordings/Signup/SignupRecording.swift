public import SignupFeature

/// The Signup screen's recordings (``SignupRecording``).
public enum SignupSession: RecordableScreen {
  public typealias Input = SignupInput
  public typealias Answer = SignupAnswer
  public typealias State = SignupScreenState
  public static var kind: ScreenKind { .signup }
}

/// A recorded session of the Signup screen.
public typealias SignupRecording = ScreenRecording<SignupSession>

/// One user event of the Signup screen, as recorded: `{"event": "usernameChanged", "text": "octo"}`.
/// The text of a password field is its placeholder (``PasswordMask``), never the password.
public struct SignupInput: Sendable, Equatable, Codable {
  public enum Event: String, Sendable, Codable {
    case usernameChanged, passwordChanged, repeatedPasswordChanged, signup, dismissOutcome
  }

  public var event: Event
  /// The field's text, for the three field events.
  public var text: String?

  public init(event: Event, text: String? = nil) {
    self.event = event
    self.text = text
  }

  /// The event `action` records as, its passwords already replaced by `mask`.
  init(_ action: SignupReactor.Action, mask: inout PasswordMask) {
    switch action {
    case .usernameChanged(let text): self.init(event: .usernameChanged, text: text)
    case .passwordChanged(let text): self.init(event: .passwordChanged, text: mask.placeholder(for: text))
    case .repeatedPasswordChanged(let text):
      self.init(event: .repeatedPasswordChanged, text: mask.placeholder(for: text))
    case .signup: self.init(event: .signup)
    case .dismissOutcome: self.init(event: .dismissOutcome)
    }
  }

  /// The action to replay.
  public var action: SignupReactor.Action {
    switch event {
    case .usernameChanged: .usernameChanged(text ?? "")
    case .passwordChanged: .passwordChanged(text ?? "")
    case .repeatedPasswordChanged: .repeatedPasswordChanged(text ?? "")
    case .signup: .signup
    case .dismissOutcome: .dismissOutcome
    }
  }
}

/// One answer the Signup screen got from its `SignupAPI`: the request (never the password), when it
/// was made, and the reply, a value or an error.
public struct SignupAnswer: Sendable, Equatable, Codable {
  public enum Request: String, Sendable, Codable { case usernameAvailable, signup }

  public var request: Request
  public var username: String
  /// When the request was made, in milliseconds since the session began (the answer's `at` is
  /// when it came back).
  public var requestedAt: Int
  /// The reply to ``Request/usernameAvailable``.
  public var available: Bool?
  /// The reply to ``Request/signup``.
  public var outcome: SignupOutcome?
  /// The request failed instead.
  public var error: RecordedError?

  public init(
    request: Request, username: String, requestedAt: Int, available: Bool? = nil, outcome: SignupOutcome? = nil,
    error: RecordedError? = nil
  ) {
    self.request = request
    self.username = username
    self.requestedAt = requestedAt
    self.available = available
    self.outcome = outcome
    self.error = error
  }
}

/// How a request of the Signup screen failed, as far as the screen tells failures apart.
public enum RecordedError: Sendable, Equatable, Codable {
  /// The server could not be reached (any error the screen shows as "Error contacting server").
  case unreachable
  /// The request was cancelled before it was answered (a newer username replaced the check).
  case cancelled
  /// `SignupAPIError.rateLimited`, with its delay in milliseconds when the server gave one.
  case rateLimited(retryAfterMilliseconds: Int?)
  /// `SignupAPIError.serverBusy`, with its delay in milliseconds when the server gave one.
  case serverBusy(retryAfterMilliseconds: Int?)

  init(_ error: any Error) {
    switch error {
    case SignupAPIError.rateLimited(let retryAfter): self = .rateLimited(retryAfterMilliseconds: retryAfter?.milliseconds)
    case SignupAPIError.serverBusy(let retryAfter): self = .serverBusy(retryAfterMilliseconds: retryAfter?.milliseconds)
    case is CancellationError: self = .cancelled
    default: self = .unreachable
    }
  }

  /// An error the screen handles as it handled the recorded one.
  var error: any Error {
    switch self {
    case .unreachable: ReplayedFailure()
    case .cancelled: CancellationError()
    case .rateLimited(let delay): SignupAPIError.rateLimited(retryAfter: delay.map { .milliseconds($0) })
    case .serverBusy(let delay): SignupAPIError.serverBusy(retryAfter: delay.map { .milliseconds($0) })
    }
  }
}

/// The error a replay throws where the recorded request could not reach its server.
struct ReplayedFailure: Error {}

extension Duration {
  /// This duration in whole milliseconds (rounded down).
  var milliseconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
