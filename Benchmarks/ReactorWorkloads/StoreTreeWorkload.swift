import Dispatch
import OctoreactCore
import Synchronization

/// A store of the tree: counts what it receives, and remembers whether the last action came from
/// outside, so its observer forwards each outside action exactly once.
struct TreeNodeReactor: Reactor {
  enum Action: Sendable { case external, fromParent, fromChild }
  typealias Mutation = Action
  struct State: Sendable, Equatable {
    var count = 0
    var lastWasExternal = false
  }

  var initialState: State { State() }

  func reduce(state: consuming State, mutation: Action) -> State {
    state.count += 1
    state.lastWasExternal = mutation == .external
    return consume state
  }
}

/// (d) 10 stores in a parent/child tree (node `i`'s parent is `(i - 1) / 3`: 0 → 1, 2, 3 →
/// 4…9), each with an observer that forwards every outside action to its parent and its children;
/// `actions` outside actions sent from 2 threads, the first to nodes 0–4 and the second to 5–9, so
/// forwarding crosses threads on five edges.
///
/// "Throughput (actions/s)": outside actions over the time from the first send until both threads'
/// sends have returned (every drain has then ended, so everything is processed). Checked: each
/// store's count is its outside actions plus those of its parent and children, and its observer
/// saw exactly one state per action plus the initial one.
package enum StoreTreeWorkload {
  static let nodes = 10
  static func parent(of node: Int) -> Int? { node == 0 ? nil : (node - 1) / 3 }
  static func children(of node: Int) -> [Int] { (1..<nodes).filter { parent(of: $0) == node } }

  package static func run(_ recorder: some WorkloadRecorder, actions: Int) async {
    let stores = (0..<nodes).map { _ in ReactorStore(TreeNodeReactor()) }
    let calls = (0..<nodes).map { _ in CallCounter() }
    let observations = (0..<nodes).map { node in
      let neighbours = (parent(of: node).map { [(stores[$0], TreeNodeReactor.Action.fromChild)] } ?? [])
        + children(of: node).map { (stores[$0], TreeNodeReactor.Action.fromParent) }
      let weakNeighbours = neighbours.map { (WeakStore($0.0), $0.1) }
      let seen = calls[node]
      return stores[node].observe { state in
        seen.increment()
        guard state.lastWasExternal else { return }
        for (neighbour, action) in weakNeighbours { neighbour.store?.send(action) }
      }
    }
    defer { for observation in observations { observation.cancel() } }
    let watchdog = startWatchdog(for: recorder, waitingFor: "both threads' sends")
    defer { watchdog.cancel() }
    let perThread = actions / 2

    let window = await MeasuredWindow.open(for: recorder)
    let start = window.start
    await onTwoThreads { thread in
      for index in 0..<perThread { stores[thread * 5 + index % 5].send(.external) }
    }
    let elapsed = start.duration(to: ContinuousClock.now)
    window.close(for: recorder)

    let external = (0..<nodes).map { node in perThread / 5 + (node % 5 < perThread % 5 ? 1 : 0) }
    for node in 0..<nodes {
      let neighbours = (parent(of: node).map { [$0] } ?? []) + children(of: node)
      let expected = external[node] + neighbours.reduce(0) { $0 + external[$1] }
      let count = stores[node].currentState.count
      let seen = calls[node].value
      guard count == expected, seen == expected + 1 else {
        recorder.fail("node \(node): count \(count), observer calls \(seen), expected \(expected) and \(expected + 1)")
      }
    }
    recorder.recordRate(.actionsPerSecond, inputs: 2 * perThread, elapsed: elapsed)
    recorder.record(.residualCPU, await residualCPU())
  }

  /// Runs `body(0)` and `body(1)` on two threads of Dispatch's pool (outside the cooperative pool:
  /// nothing here awaits), and returns when both have returned. Dispatch, not Foundation's `Thread`:
  /// the Swift runtime links it already, and Foundation alone adds 8 MB to the peak memory.
  static func onTwoThreads(_ body: @escaping @Sendable (Int) -> Void) async {
    let remaining = Atomic(2)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      for thread in 0..<2 {
        DispatchQueue.global().async {
          body(thread)
          if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { continuation.resume() }
        }
      }
    }
  }
}

/// A weak reference to a store, so that stores observing each other do not keep each other alive.
final class WeakStore<R: Reactor>: Sendable {
  weak let store: ReactorStore<R>?

  init(_ store: ReactorStore<R>) { self.store = store }
}

/// A counter shared with an observer.
final class CallCounter: Sendable {
  private let calls = Atomic(0)
  func increment() { calls.add(1, ordering: .relaxed) }
  var value: Int { calls.load(ordering: .relaxed) }
}
