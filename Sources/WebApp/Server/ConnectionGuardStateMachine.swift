/// The rules of one HTTP connection's deadlines, parse errors and shutdown, as a pure value.
///
/// **Contract:** a value fed the connection's events in order (`opened`, `bytesReceived`, `headReceived`,
/// `requestEnded`, `responseStarted`, `responseEnded`, `upgraded`, `parseFailed`, `quiesce`, `timerFired`)
/// with the current instant; it returns what to do and never does it. `ConnectionGuardHandler` performs the
/// actions on the channel's event loop. At most one timer is pending at a time: arming a later deadline
/// than the pending timer schedules nothing (the timer re-arms itself when it fires early), so a busy
/// keep-alive connection schedules about one timer per `headTimeout`, not three per request.
struct ConnectionGuardStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
  /// Why a deadline was armed, and so what its expiry means.
  enum Deadline: Equatable {
    case idle, head, body
  }

  /// What the handler should do after an event.
  enum Action: Equatable {
    case none
    /// Schedule the timer for this instant, cancelling the pending one (which is later).
    case scheduleTimer(at: Instant)
    /// Write a response with this status and `connection: close`, then close once it is flushed.
    case respondAndClose(status: Int)
    /// Close the connection now.
    case close
    /// The connection became a WebSocket: cancel the timer and leave the pipeline.
    case leave
  }

  private enum Phase: Equatable {
    /// Between requests (or before the first): waiting for its first byte.
    case waiting
    /// Some bytes of a request head have arrived.
    case readingHead
    /// The head is complete and its body is being read.
    case readingBody
    /// Every request read so far is complete; responses may still be pending.
    case answering
    /// Upgraded or closing: nothing more to time.
    case finished
  }

  let limits: ConnectionLimits
  private var phase = Phase.waiting
  /// A struct, not a tuple: a generic tuple's layout is looked up at run time on every store, which
  /// cost each request measurably.
  private struct ArmedDeadline {
    var at: Instant
    var kind: Deadline
  }

  private var deadline: ArmedDeadline?
  private var timerAt: Instant?
  /// Requests whose head was read and whose response has not ended.
  private var unanswered = 0
  /// A response head was written and its end was not.
  private var responseOpen = false
  /// What to do as soon as no response is pending (shutdown, or a parse error behind pipelined requests).
  private var whenAnswered: Action?

  init(limits: ConnectionLimits) {
    self.limits = limits
  }

  /// The deadline armed now, for tests.
  var armed: Deadline? { deadline?.kind }

  mutating func opened(at now: Instant) -> Action {
    arm(.idle, at: now.advanced(by: limits.idleTimeout))
  }

  /// Whether the next bytes would start a request's head: the only time `bytesReceived` does anything,
  /// so the handler reads the clock for a read only then.
  var awaitsFirstByte: Bool { phase == .waiting }

  /// Bytes arrived from the client (the handler learns it before the decoder parses them).
  mutating func bytesReceived(at now: Instant) -> Action {
    guard phase == .waiting else { return .none }
    phase = .readingHead
    return arm(.head, at: now.advanced(by: limits.headTimeout))
  }

  mutating func headReceived(at now: Instant) -> Action {
    guard phase != .finished else { return .none }
    unanswered += 1
    phase = .readingBody
    return arm(.body, at: now.advanced(by: limits.bodyTimeout))
  }

  mutating func requestEnded(at now: Instant) -> Action {
    guard phase == .readingBody else { return .none }
    if unanswered == 0 {
      // Answered before its body was read (a route that ignores the body): wait for the next request.
      if let whenAnswered {
        phase = .finished
        return whenAnswered
      }
      phase = .waiting
      return arm(.idle, at: now.advanced(by: limits.idleTimeout))
    }
    phase = .answering
    deadline = nil
    return .none
  }

  mutating func responseStarted() {
    responseOpen = true
  }

  mutating func responseEnded(at now: Instant) -> Action {
    responseOpen = false
    unanswered = max(0, unanswered - 1)
    guard unanswered == 0 else { return .none }
    if let whenAnswered {
      phase = .finished
      return whenAnswered
    }
    guard phase == .answering else { return .none }
    phase = .waiting
    return arm(.idle, at: now.advanced(by: limits.idleTimeout))
  }

  mutating func upgraded() -> Action {
    phase = .finished
    deadline = nil
    return .leave
  }

  /// The decoder could not parse what the client sent; `headerOverflow` when the head is over the limit.
  mutating func parseFailed(headerOverflow: Bool) -> Action {
    guard phase != .finished else { return .none }
    deadline = nil
    // Answer only when that answer is the next one the client expects: nothing pipelined before it and
    // no response of ours half-written (its body may be the request being read, not yet answered).
    let answer = Action.respondAndClose(status: headerOverflow ? 431 : 400)
    let pendingBefore = phase == .readingBody ? unanswered - 1 : unanswered
    if pendingBefore <= 0 && !responseOpen {
      phase = .finished
      return answer
    }
    // The decoder reads nothing more, so the request being read never ends: only responses are awaited,
    // and the answer follows the last of them.
    phase = .answering
    whenAnswered = answer
    return .none
  }

  /// The server is shutting down: close unless a request is being read or answered.
  mutating func quiesce() -> Action {
    guard phase != .finished else { return .none }
    if unanswered == 0 && (phase == .waiting || phase == .readingHead) {
      phase = .finished
      deadline = nil
      return .close
    }
    if whenAnswered == nil { whenAnswered = .close }
    return .none
  }

  /// The pending timer fired at `now`.
  mutating func timerFired(at now: Instant) -> Action {
    timerAt = nil
    guard phase != .finished, let deadline else { return .none }
    guard now >= deadline.at else {
      timerAt = deadline.at
      return .scheduleTimer(at: deadline.at)
    }
    self.deadline = nil
    phase = .finished
    switch deadline.kind {
    case .idle:
      return .close
    case .head:
      return unanswered == 0 && !responseOpen ? .respondAndClose(status: 408) : .close
    case .body:
      return unanswered == 1 && !responseOpen ? .respondAndClose(status: 408) : .close
    }
  }

  private mutating func arm(_ kind: Deadline, at instant: Instant) -> Action {
    deadline = ArmedDeadline(at: instant, kind: kind)
    if let timerAt, timerAt <= instant { return .none }
    timerAt = instant
    return .scheduleTimer(at: instant)
  }
}
