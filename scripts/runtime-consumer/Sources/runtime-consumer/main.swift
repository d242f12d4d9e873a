import Dispatch
import Foundation
import OctoreactCore
import OctoreactFeedback
import OctoreactMVVM
import OctoreactObservation

// A counter observed from other threads: two threads send, the observer (called on whichever
// thread processes the store) reads `currentState` in each call, and the program fails (exit 1)
// unless every state arrived, in order, and `currentState` was never behind the state the observer
// was given.

struct Counter: Reactor {
  enum Action: Sendable { case increase }
  struct State: Sendable, Equatable { var count = 0 }
  var initialState: State { State() }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    state.count += 1
    return state
  }
}

struct Seen: Sendable {
  var calls = 0
  var lastCount = -1
  var outOfOrder = 0
  var currentStateBehind = 0
}

@MainActor
func run() -> Bool {
  let sendsPerThread = 10_000
  let store = ReactorStore(Counter())
  // What the observer saw, in OctoreactMVVM's Broadcast (whose value is safe to read from any thread).
  let seen = Broadcast(Seen())
  let observation = store.observe { state in
    let current = store.currentState
    seen.update { seen in
      seen.calls += 1
      if state.count != seen.lastCount + 1 { seen.outOfOrder += 1 }
      // Observers are called one at a time, after the state they get is published: a later state
      // may already be published when they read it, never an earlier one.
      if current.count < state.count { seen.currentStateBehind += 1 }
      seen.lastCount = state.count
    }
  }
  // OctoreactObservation's view of the same store, on the main actor.
  let observable = ObservableStore(store)

  let group = DispatchGroup()
  for _ in 0..<2 {
    DispatchQueue.global().async(group: group) {
      for _ in 0..<sendsPerThread { store.send(.increase) }
    }
  }
  group.wait()
  observation.cancel()

  let total = 2 * sendsPerThread
  let result = seen.value
  print(
    "runtime-consumer: count \(store.currentState.count), observer calls \(result.calls), "
      + "out of order \(result.outOfOrder), currentState behind \(result.currentStateBehind), "
      + "ObservableStore started at \(observable.state.count)"
  )
  return store.currentState.count == total && result.lastCount == total && result.calls == total + 1
    && result.outOfOrder == 0 && result.currentStateBehind == 0 && observable.state.count == 0
}

/// A feedback system whose state asks for an echo: its effect answers from a task, the program waits
/// for the answer with a semaphore (on the main thread, outside the cooperative pool).
func runFeedback() -> Bool {
  struct State: Sendable { var echoRequest: String?; var echoed: [String] = [] }
  enum Event: Sendable { case ask(String), echoed(String) }
  let answered = DispatchSemaphore(value: 0)
  let system = FeedbackSystem<State, Event>(
    initialState: State(),
    reduce: { state, event in
      var state = state
      switch event {
      case .ask(let text): state.echoRequest = text
      case .echoed(let text):
        state.echoed.append(text)
        state.echoRequest = nil
      }
      return state
    },
    feedback: .react(request: { $0.echoRequest }) { text, send in send(.echoed(text)) }
  )
  let observation = system.observe { state in if !state.echoed.isEmpty { answered.signal() } }
  system.send(.ask("hello"))
  answered.wait()
  observation.cancel()
  print("runtime-consumer: feedback system echoed \(system.currentState.echoed)")
  return system.currentState.echoed == ["hello"]
}

if run() && runFeedback() {
  print("runtime-consumer: ok")
} else {
  print("runtime-consumer: FAILED")
  exit(1)
}
