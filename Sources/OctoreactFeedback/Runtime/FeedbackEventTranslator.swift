import OctoreactCore

/// Turns the steps of the store that runs a system (``ReactorEvent``) into the system's own
/// (``FeedbackEvent``), for ``FeedbackSystem/init(initialState:reduce:feedback:events:)``.
///
/// The store reports a system's state with its loops' request tables, before the effects that state
/// asks for start (``FeedbackReactor/reconcile(_:)`` applies it first): so the last state says which
/// request each starting effect is for. Each effect's store task is known by its cancellation
/// identifier (``FeedbackReactor/EffectID``, the loop and generation) until it finishes or is
/// cancelled, so the map holds the running effects only.
///
/// Called by the store's drainer alone, one step at a time; the lock is there because successive
/// drains may run on different threads.
final class FeedbackEventTranslator<State: Sendable, Event: Sendable>: Sendable {
  typealias Reactor = FeedbackReactor<State, Event>

  private struct Memory {
    var lastState: Reactor.State?
    var running: [EffectID: FeedbackEffect] = [:]
  }

  private let memory = RuntimeLock(Memory())
  private let sink: @Sendable (FeedbackEvent<State, Event>) -> Void

  init(_ sink: @escaping @Sendable (FeedbackEvent<State, Event>) -> Void) {
    self.sink = sink
  }

  func translate(_ step: ReactorEvent<Reactor>) {
    guard let event = memory.withLock({ Self.event(for: step, memory: &$0) }) else { return }
    sink(event)
  }

  private static func event(for step: ReactorEvent<Reactor>, memory: inout Memory) -> FeedbackEvent<State, Event>? {
    switch step {
    case .action(.start), .mutation:
      return nil
    case .action(.event(let event)):
      return .event(event, from: nil)
    case .action(.effectEvent(let event, let loop, let generation)):
      // An event of an effect cancelled since it was sent is dropped by the system: not reported.
      guard memory.lastState?.loops[loop].isLive(generation) == true else { return nil }
      return .event(event, from: FeedbackEffect(loop: loop, generation: generation))
    case .state(let state):
      memory.lastState = state
      return .state(state.state)
    case .effectStarted(let task, _, let cancelIDs):
      guard let id = cancelIDs.lazy.compactMap({ $0.value as? Reactor.EffectID }).first,
        let request = memory.lastState?.loops[id.loop].request(of: id.generation)
      else { return nil }
      let effect = FeedbackEffect(loop: id.loop, generation: id.generation)
      memory.running[task] = effect
      return .effectStarted(effect, request: request)
    case .effectFinished(let task):
      return memory.running.removeValue(forKey: task).map { .effectFinished($0) }
    case .effectCancelled(let task):
      return memory.running.removeValue(forKey: task).map { .effectCancelled($0) }
    }
  }
}
