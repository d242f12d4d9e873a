/// The write deadline of one connection, as a pure value: a connection whose writes have been stuck on
/// back-pressure (the channel unwritable) for longer than `timeout` is closed.
///
/// **Contract:** fed the channel's writability changes and its timer's expiries in order, with the
/// current instant; returns what to do and never does it (`WriteDeadlineHandler` does, on the event loop).
/// The deadline runs from the moment the channel became unwritable and is not moved by later writes;
/// becoming writable again (the client read some of what was sent) disarms it. At most one timer is
/// pending; a timer that fires after the deadline was disarmed (or re-armed later) does nothing or
/// reschedules itself.
struct WriteDeadlineStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
  /// What the handler should do after an event.
  enum Action: Equatable {
    case none
    /// Schedule the timer for this instant, replacing any pending one.
    case scheduleTimer(at: Instant)
    /// Cancel the pending timer: the channel is writable again.
    case cancelTimer
    /// Close the connection now: its writes have been stuck for longer than the timeout.
    case close
  }

  let timeout: Duration
  /// When the channel became unwritable plus `timeout`, while it is unwritable.
  private var deadline: Instant?
  private var closed = false

  init(timeout: Duration) {
    self.timeout = timeout
  }

  /// Whether a deadline is armed, for tests.
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

  /// The pending timer fired at `now`.
  mutating func timerFired(at now: Instant) -> Action {
    guard !closed, let deadline else { return .none }
    guard now >= deadline else { return .scheduleTimer(at: deadline) }
    self.deadline = nil
    closed = true
    return .close
  }
}
