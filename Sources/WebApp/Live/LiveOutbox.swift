import Synchronization

/// Sends a live page its screen's states and its inspector's events, with a task only while something
/// waits to be sent (``LiveOutboxStateMachine``).
///
/// The screen calls ``stateChanged(_:)`` from its observer, synchronously, on the thread that made the state; the
/// inspector calls ``inspectorEventsWaiting()``. The sender runs on the connection's executor, when and for as long as
/// the machine's rules say: a long-lived writer task would keep its frames for the socket's whole life.
///
/// **Contract**: ``close()`` when the connection ends; a send that fails (the socket is closed) closes it
/// too. Nothing is sent after that, and no sender is started.
final class LiveOutbox<State: Sendable>: Sendable {
  /// Writes one text message to the page.
  typealias Send = @Sendable (_ text: String) async throws -> Void

  private let machine = Mutex(LiveOutboxStateMachine<State>())
  private let render: @Sendable (_ state: State, _ previous: State?) -> String
  private let inspector: LiveInspector?
  private let executor: (any TaskExecutor)?
  private let send: Send

  init(
    render: @escaping @Sendable (_ state: State, _ previous: State?) -> String, inspector: LiveInspector?,
    executor: (any TaskExecutor)?, send: @escaping Send
  ) {
    self.render = render
    self.inspector = inspector
    self.executor = executor
    self.send = send
  }

  /// `state` is the screen's latest: it replaces a state still waiting.
  func stateChanged(_ state: State) {
    if machine.withLock({ $0.stateChanged(state) }) { startSender() }
  }

  func inspectorEventsWaiting() {
    if machine.withLock({ $0.inspectorEventsWaiting() }) { startSender() }
  }

  /// Sends nothing more.
  func close() {
    machine.withLock { $0.close() }
  }

  private func startSender() {
    Task(executorPreference: executor) { await self.sendWhileWaiting() }
  }

  private func sendWhileWaiting() async {
    while true {
      let text: String?
      switch machine.withLock({ $0.next() }) {
      case .state(let state, let previous): text = render(state, previous)
      case .inspectorEvents: text = inspector?.takeMessage()
      case .stop: return
      }
      guard let text else { continue }
      do {
        try await send(text)
      } catch {
        // The socket is closing or closed: the page is gone, and its connection's task ends it.
        close()
        return
      }
    }
  }
}
