import Clocks
import AccountRules
public import SignupFeature

extension ScreenRecording where Screen == SignupSession {
  /// Replays this session on a new Signup screen of `engine` (the recorded one when `nil`), on a
  /// `TestClock`, its API answering as the recording says; throws the first ``ReplayMismatch``, or
  /// a ``RecordingError`` when the recording cannot be replayed.
  ///
  /// For example, in a test: `try await SignupRecording(json: data).replay(on: .mvvm)`.
  public func replay(on engine: SignupArchitecture? = nil) async throws {
    let engine = try engineToReplay(engine)
    let replayer = Replayer(self, clock: TestClock())
    let validation = ValidationService(
      api: Self.scriptedAPI(replayer), messages: SignupMessages(Language(rawValue: language) ?? .english))
    let screen = await engine.makeScreen(validation: validation)
    try await replayer.run(send: { screen.send($0.action) }, currentState: { screen.currentState })
  }

  /// An API that answers each request with the recorded answer to it, at the recorded time.
  static func scriptedAPI(_ replayer: Replayer<SignupSession>) -> SignupAPI {
    @Sendable func answer(_ request: SignupAnswer.Request, _ username: String) async throws -> SignupAnswer {
      let description = "SignupAPI.\(request.rawValue)(\"\(username)\")"
      guard
        let (at, answer) = replayer.book.take(at: replayer.now, description, matching: { answer in
          answer.request == request && answer.username == username
        })
      else { throw ReplayedFailure() }
      // The session cancelled this request itself (a newer name): the replay's input must too, so it gets no
      // answer, and nothing waits for one.
      if answer.error == .cancelled {
        replayer.book.handedOver(at: at)
        try await replayer.waitForCancellation()
        throw CancellationError()
      }
      defer { replayer.book.handedOver(at: at) }
      try await replayer.sleep(until: at)
      if let error = answer.error { throw error.error }
      return answer
    }
    return SignupAPI(
      usernameAvailable: { username in try await answer(.usernameAvailable, username).available ?? false },
      signup: { username, _ in try await answer(.signup, username).outcome ?? .failed }
    )
  }
}
