import OctoreactCore

/// The recording of one session in progress: inputs, answers and states appended as they happen,
/// each stamped with the time since the session began on the screen's clock.
///
/// **Bounded.** A recorder keeps at most `limit` entries in all; past it the recording is marked
/// incomplete and nothing more is kept, so a session left open for days cannot grow without end.
///
/// Called from any thread: the recording and the password mask are behind one lock, held only to
/// append (no user code runs under it).
public final class SessionRecorder<Screen: RecordableScreen>: Sendable {
  /// The most entries a recorder keeps unless told otherwise: a long session of typing, answers
  /// and states (a few megabytes of JSON at most).
  public static var defaultLimit: Int { 10_000 }

  private struct Storage {
    var recording: ScreenRecording<Screen>
    var mask = PasswordMask()
    var count = 0
  }

  private let storage: RuntimeLock<Storage>
  private let elapsed: @Sendable () -> Duration
  private let limit: Int

  /// A recorder for a session of `engine` that begins now on `clock`.
  public init<C: Clock<Duration>>(engine: String, language: String, clock: C, limit: Int = defaultLimit) {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    storage = RuntimeLock(Storage(recording: ScreenRecording(engine: engine, language: language)))
    self.limit = limit
  }

  /// Milliseconds since the session began.
  public var now: Int { elapsed().milliseconds }

  /// The recording so far.
  public var recording: ScreenRecording<Screen> { storage.withLock { $0.recording } }

  /// Records an input made now; `make` gets the session's password mask.
  func recordInput(_ make: (inout PasswordMask) -> Screen.Input) {
    let at = now
    append { storage in
      let input = make(&storage.mask)
      storage.recording.inputs.append(Timed(at: at, input))
      return true
    }
  }

  /// Records an answer that arrived now.
  func recordAnswer(_ answer: Screen.Answer) {
    let at = now
    append { storage in
      storage.recording.answers.append(Timed(at: at, answer))
      return true
    }
  }

  /// Records a state the screen shows now, unless it is the state recorded last.
  func recordState(_ state: Screen.State) {
    let at = now
    append { storage in
      guard storage.recording.states.last?.value != state else { return false }
      storage.recording.states.append(Timed(at: at, state))
      return true
    }
  }

  /// Records every state `observe` reports (a screen's `observe`, which starts with the current state) at
  /// the moment the screen makes it, until the returned observation is cancelled or released.
  func recordStates(
    of observe: (@escaping @Sendable (Screen.State) -> Void) -> BroadcastObservation
  ) -> BroadcastObservation {
    observe { [weak self] state in self?.recordState(state) }
  }

  /// Records the answer to a request made now, whether `request` returns or throws.
  func recordAnswer<Reply>(
    to request: () async throws -> Reply, _ answer: (_ requestedAt: Int, Result<Reply, any Error>) -> Screen.Answer
  ) async throws -> Reply {
    let requestedAt = now
    do {
      let reply = try await request()
      recordAnswer(answer(requestedAt, .success(reply)))
      return reply
    } catch {
      recordAnswer(answer(requestedAt, .failure(error)))
      throw error
    }
  }

  /// Applies `change`, which says whether it added an entry, unless the recording is full.
  private func append(_ change: (inout Storage) -> Bool) {
    storage.withLock { storage in
      guard storage.count < limit else {
        storage.recording.isComplete = false
        return
      }
      if change(&storage) { storage.count += 1 }
    }
  }
}

/// A screen that records its own session as it runs (``RecordingSignupScreen``, ``RecordingSearchScreen``).
public protocol SessionRecordingScreen: AnyObject, Sendable {
  associatedtype Session: RecordableScreen
  /// Where the session is recorded.
  var recorder: SessionRecorder<Session> { get }
}
