/// The write deadline of one connection, as a pure value: a connection whose writes have been stuck on
/// back-pressure for longer than `timeout` is closed, so a client that stops reading cannot hold it and
/// what is queued for it forever.
///
/// The deadline runs from the moment the channel became unwritable and is not moved by later writes;
/// becoming writable again (the client read some) disarms it. At most one timer is pending.
struct WriteDeadlineStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
  enum Action: Equatable {
    case none
    /// Replaces any pending timer.
    case scheduleTimer(at: Instant)
    case cancelTimer
    case close
  }

  let timeout: Duration
  private var deadline: Instant?
  private var closed = false

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// For tests.
  var isArmed: Bool { deadline != nil }

  mutating func writabilityChanged(isWritable: Bool, at now: Instant) -> Action {
    guard !closed else { return .none }
    if isWritable {
      guard deadline != nil else { return .none }
      deadline = nil
      return .cancelTimer
    }
    guard deadline == nil else { return .none }  // still unwritable: the deadline stays where it was
    let at = now.advanced(by: timeout)
    deadline = at
    return .scheduleTimer(at: at)
  }

  mutating func timerFired(at now: Instant) -> Action {
    guard !closed, let deadline else { return .none }
    guard now >= deadline else { return .scheduleTimer(at: deadline) }
    self.deadline = nil
    closed = true
    return .close
  }
}
