/// The rules of one HTTP connection's deadlines, parse errors and shutdown, as a pure value.
///
/// **Contract:** a value fed the connection's events in order (`opened`, `bytesReceived`, `headReceived` or
/// `headRefused`, `requestEnded`, `responseStarted`, `responseEnded`, `upgraded`, `parseFailed`, `quiesce`,
/// `timerFired`)
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
  /// Where the idle deadline runs from: the opening, or the end of the last request that renews it.
  private var idleSince: Instant?
  /// Whether the last request read renews the idle deadline (a probe, such as `/healthz`, does not).
  private var lastRequestRenewsIdle = true

  init(limits: ConnectionLimits) {
    self.limits = limits
  }

  /// The deadline armed now, for tests.
  var armed: Deadline? { deadline?.kind }

  mutating func opened(at now: Instant) -> Action {
    idleSince = now
    return arm(.idle, at: now.advanced(by: limits.idleTimeout))
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

  /// A request head was read; `keepAlive` is false when its client asked for the connection to close after
  /// the answer (`Connection: close`, or HTTP/1.0 without `keep-alive`); `renewsIdle` is false for a probe,
  /// whose answer leaves the idle deadline where it was, so that probes alone cannot hold a connection.
  mutating func headReceived(at now: Instant, keepAlive: Bool = true, renewsIdle: Bool = true) -> Action {
    guard phase != .finished else { return .none }
    unanswered += 1
    lastRequestRenewsIdle = renewsIdle
    if !keepAlive && whenAnswered == nil { whenAnswered = .close }
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
      return armIdle(at: now)
    }
    phase = .answering
    deadline = nil
    return .none
  }

  /// A response head is being written; returns whether the connection closes after this response, which
  /// the response then says (`Connection: close`). `closes` is true when the response itself says so.
  @discardableResult
  mutating func responseStarted(closes: Bool = false) -> Bool {
    responseOpen = true
    if closes && whenAnswered == nil { whenAnswered = .close }
    return unanswered <= 1 && whenAnswered != nil
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
    return armIdle(at: now)
  }

  /// Arms the idle deadline once a request is answered at `now`: from now, unless that request was a probe.
  private mutating func armIdle(at now: Instant) -> Action {
    if lastRequestRenewsIdle || idleSince == nil { idleSince = now }
    return arm(.idle, at: (idleSince ?? now).advanced(by: limits.idleTimeout))
  }

  mutating func upgraded() -> Action {
    phase = .finished
    deadline = nil
    return .leave
  }

  /// The decoder could not parse what the client sent; `headerOverflow` when the head is over the limit.
  mutating func parseFailed(headerOverflow: Bool) -> Action {
    guard phase != .finished else { return .none }
    let pendingBefore = phase == .readingBody ? unanswered - 1 : unanswered
    return refuse(status: headerOverflow ? 431 : 400, pendingBefore: pendingBefore)
  }

  /// A request head was read that is refused without reaching a route (a body where none belongs, or one
  /// declared over the limit: `status`); nothing more is read, and the connection closes after the answer.
  mutating func headRefused(status: Int) -> Action {
    guard phase != .finished else { return .none }
    return refuse(status: status, pendingBefore: unanswered)
  }

  /// Answers `status` and closes, once the `pendingBefore` requests read before the refused one are answered.
  private mutating func refuse(status: Int, pendingBefore: Int) -> Action {
    deadline = nil
    // Answer only when that answer is the next one the client expects: nothing pipelined before it and
    // no response of ours half-written (its body may be the request being read, not yet answered).
    let answer = Action.respondAndClose(status: status)
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
