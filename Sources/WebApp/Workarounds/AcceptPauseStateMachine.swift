// Part of the `AcceptPauseHandler` workaround (swift-nio's accept loop spinning on EMFILE): see that file.

/// When the listening socket stops and resumes accepting after `accept` fails for want of resources.
///
/// **Contract:** a pure value. A failure pauses accepting for a backoff that doubles from `firstPause` to
/// `longestPause` while failures continue, and starts over after a successful accept. It asks for at most
/// one log line per `logInterval`, so a client that keeps the server at its limit cannot fill the log.
struct AcceptPauseStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
  enum Action: Equatable {
    case none
    /// Stop accepting until the instant; `log` when a line may be written about it.
    case pause(until: Instant, log: Bool)
    case resume
  }

  let firstPause: Duration
  let longestPause: Duration
  let logInterval: Duration
  private var paused = false
  private var nextPause: Duration
  private var lastLog: Instant?
  /// Failures since the last line was logged, for the next line.
  private(set) var failuresSinceLog = 0

  init(
    firstPause: Duration = .milliseconds(50), longestPause: Duration = .seconds(1), logInterval: Duration = .seconds(10)
  ) {
    self.firstPause = firstPause
    self.longestPause = longestPause
    self.logInterval = logInterval
    self.nextPause = firstPause
  }

  mutating func acceptFailed(at now: Instant) -> Action {
    failuresSinceLog += 1
    guard !paused else { return .none }
    paused = true
    let pause = nextPause
    nextPause = min(nextPause * 2, longestPause)
    let log = lastLog.map { $0.duration(to: now) >= logInterval } ?? true
    if log { lastLog = now }
    return .pause(until: now.advanced(by: pause), log: log)
  }

  /// The pause ended: try accepting again (the backoff stays until an accept succeeds).
  mutating func resumeTimerFired() -> Action {
    guard paused else { return .none }
    paused = false
    return .resume
  }

  mutating func accepted() {
    nextPause = firstPause
  }

  /// Call after writing the line `.pause(log: true)` asked for.
  mutating func logged() {
    failuresSinceLog = 0
  }
}
