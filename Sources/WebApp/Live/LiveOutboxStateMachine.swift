/// What a live page is sent without asking for it, and when a sender runs: the rules of ``LiveOutbox`` as a pure value.
///
/// The screen reports each state as it is made, and an inspector says when its events start waiting; neither waits for
/// the page. Only the latest state waits here (a slow page skips the states it had no time to take and always ends on
/// the latest), and at most one sender runs: the one that the first arrival on an idle outbox starts, which takes what
/// waits until nothing does, then stops. So an idle page holds no task for its states.
///
/// **Order**: a waiting state goes before waiting events; each state is sent with the one sent before
/// it, which a screen may need to render only what changed.
struct LiveOutboxStateMachine<State> {
  /// What the sender sends next.
  enum Next {
    /// Render `state` for a page whose last state was `previous` (`nil` for the first) and send it.
    case state(State, after: State?)
    /// Send the inspector's waiting events.
    case inspectorEvents
    /// Nothing waits (or the outbox is closed): the sender stops.
    case stop
  }

  private var waitingState: State?
  private var lastSent: State?
  private var eventsWait = false
  private var isSending = false
  private var isClosed = false

  /// Keeps `state` as the one to send, replacing one still waiting; true when a sender must be started.
  mutating func stateChanged(_ state: State) -> Bool {
    guard !isClosed else { return false }
    waitingState = state
    return startsSender()
  }

  /// Notes that the inspector has events waiting; true when a sender must be started.
  mutating func inspectorEventsWaiting() -> Bool {
    guard !isClosed else { return false }
    eventsWait = true
    return startsSender()
  }

  /// What the running sender does next; after ``Next/stop`` it is no longer running.
  mutating func next() -> Next {
    if !isClosed, let state = waitingState {
      defer { (waitingState, lastSent) = (nil, state) }
      return .state(state, after: lastSent)
    }
    if !isClosed, eventsWait {
      eventsWait = false
      return .inspectorEvents
    }
    isSending = false
    return .stop
  }

  /// The page is gone (or a send failed): nothing more is sent, and what waits is dropped.
  mutating func close() {
    isClosed = true
    (waitingState, lastSent, eventsWait) = (nil, nil, false)
  }

  private mutating func startsSender() -> Bool {
    guard !isSending else { return false }
    isSending = true
    return true
  }
}
