/// The rules of one HTTP connection's deadlines (``ConnectionLimits``), parse errors and shutdown, as a
/// pure value fed the connection's events in order; `ConnectionGuardHandler` performs what it returns.
///
/// **One timer at most:** arming a deadline later than the pending timer schedules nothing (the timer
/// re-arms itself when it fires early), so a busy keep-alive connection schedules about one timer per
/// `headTimeout`, not three per request.
struct ConnectionGuardStateMachine<Instant: InstantProtocol> where Instant.Duration == Duration {
  /// Why a deadline was armed, and so what its expiry means.
  enum Deadline: Equatable {
    case idle, head, body
  }

  enum Action: Equatable {
    case none
    /// Schedule the timer for this instant, cancelling the pending one (which is later).
    case scheduleTimer(at: Instant)
    /// Write a response with this status and `connection: close`, then close once it is flushed.
    case respondAndClose(status: Int)
    case close
    /// The connection became a WebSocket: cancel the timer and leave the pipeline.
    case leave
  }

  private enum Phase: Equatable {
    /// Between requests (or before the first): waiting for a first byte.
    case waiting
    case readingHead
    case readingBody
    /// Every request read so far is complete; responses may still be pending.
    case answering
    /// Upgraded or closing: nothing more to time.
    case finished
  }

  let limits: ConnectionLimits
  private var phase = Phase.waiting
  /// A struct, not a tuple: a generic tuple's layout is looked up at run time on every store.
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

  mutating func bytesReceived(at now: Instant) -> Action {
    guard phase == .waiting else { return .none }
    phase = .readingHead
    return arm(.head, at: now.advanced(by: limits.headTimeout))
  }

  /// `keepAlive` is false when the client asked to close after the answer (`Connection: close`, or
  /// HTTP/1.0 without `keep-alive`); `renewsIdle` is false for a probe, so probes alone cannot hold a connection.
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

  /// Returns whether the connection closes after this response (which then says `Connection: close`);
  /// `closes` when the response itself says so.
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

  /// `headerOverflow` when the head is over the limit.
  mutating func parseFailed(headerOverflow: Bool) -> Action {
    guard phase != .finished else { return .none }
    let pendingBefore = phase == .readingBody ? unanswered - 1 : unanswered
    return refuse(status: headerOverflow ? 431 : 400, pendingBefore: pendingBefore)
  }

  /// A head refused before any route (``RequestBodyRule``): nothing more is read, and the connection closes
  /// after the answer.
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
