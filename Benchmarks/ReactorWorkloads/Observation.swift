import OctoreactCore
import OctoreactFeedback
import Synchronization

/// How a reactor workload's one state observer watches the store.
package enum StateObserver: String, CaseIterable {
  /// `store.observe`: called on the sending thread for every state, as RxSwift's `subscribe` is in
  /// the reference figures. No buffer: memory stays flat however fast the states come.
  case synchronous
  /// `for await state in store.states` in a task: every state goes through the observer's buffer
  /// to the other core, which grows while the observer falls behind.
  case sequence
}

/// What a reactor workload's observer has seen: how many states, and whether the final one.
final class StateWatch<State: Sendable>: Sendable {
  private let seen = Atomic(0)
  private let finalSeen = Atomic(false)
  private let isFinal: @Sendable (State) -> Bool
  private let stop: Mutex<(@Sendable () -> Void)?> = Mutex(nil)

  /// Watches `store` with `observer` until ``cancel()``; `isFinal` tells the state the run ends on.
  init<R: Reactor>(_ store: ReactorStore<R>, with observer: StateObserver, isFinal: @escaping @Sendable (State) -> Bool)
  where R.State == State {
    self.isFinal = isFinal
    start(observer, observe: store.observe, states: { store.states })
  }

  /// Watches a feedback system the same way.
  init<Event: Sendable>(
    _ system: FeedbackSystem<State, Event>, with observer: StateObserver,
    isFinal: @escaping @Sendable (State) -> Bool
  ) {
    self.isFinal = isFinal
    start(observer, observe: system.observe, states: { system.states })
  }

  /// Starts `observer`'s kind of observation: `states` is called (subscribed) only for a sequence.
  private func start<States: AsyncSequence<State, Never> & Sendable>(
    _ observer: StateObserver,
    observe: (@escaping @Sendable (State) -> Void) -> BroadcastObservation,
    states: () -> States
  ) {
    switch observer {
    case .synchronous:
      let observation = observe { [self] state in record(state) }
      stop.withLock { $0 = { observation.cancel() } }
    case .sequence:
      let states = states()  // subscribed before the first send
      let task = Task { [self] in
        for await state in states { record(state) }
      }
      stop.withLock { $0 = { task.cancel() } }
    }
  }

  private func record(_ state: State) {
    seen.add(1, ordering: .relaxed)
    if isFinal(state) { finalSeen.store(true, ordering: .releasing) }
  }

  /// The number of states seen, the initial one included.
  var count: Int { seen.load(ordering: .relaxed) }
  var hasSeenFinalState: Bool { finalSeen.load(ordering: .acquiring) }

  func cancel() { stop.withLock { $0 }?() }
}

/// What an observer task has seen: the latest value and how many values. Read by the settle loop.
final class Observed<Value: Sendable>: Sendable {
  private let state: Mutex<(latest: Value?, count: Int)> = Mutex((nil, 0))

  func record(_ value: Value) {
    state.withLock { state in
      state.latest = value
      state.count += 1
    }
  }

  var snapshot: (latest: Value?, count: Int) { state.withLock { $0 } }
}

/// Consumes `sequence` into `observed` until the sequence ends or the task is cancelled.
func observe<S: AsyncSequence & Sendable>(_ sequence: S, into observed: Observed<S.Element>) -> Task<Void, Never>
where S.Failure == Never, S.Element: Sendable {
  Task {
    for await value in sequence { observed.record(value) }
  }
}
