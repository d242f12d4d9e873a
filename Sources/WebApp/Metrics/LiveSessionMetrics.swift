import CoreMetrics
import Metrics
import Synchronization

/// The live pages' figures: sessions open and effect tasks running (gauges, sampled at scrape time) and
/// actions processed (a counter), each by `screen` (`signup`, `search`) and `engine` (`reactor`, `mvvm`,
/// `driver`).
///
/// **Contract**: a session is counted from ``open(_:runningTasks:)`` until its token's ``Session/close()``;
/// `runningTasks` (a store's `runningTaskCount`) is called only at scrape time, with no lock of this type
/// held, so the action path pays nothing for it. ``Session/countAction()`` is one atomic increment.
final class LiveSessionMetrics: Sendable {
  /// Which live page, and which architecture runs it.
  struct Kind: Hashable, Sendable {
    let screen: String
    let engine: String
  }

  /// One open session; close it when the socket closes.
  final class Session: Sendable {
    private let metrics: LiveSessionMetrics
    private let id: Int
    private let actions: Counter

    fileprivate init(metrics: LiveSessionMetrics, id: Int, actions: Counter) {
      self.metrics = metrics
      self.id = id
      self.actions = actions
    }

    /// Counts one message that reached the session's store or view model.
    func countAction() { actions.increment() }

    /// Ends the session's count.
    func close() { metrics.close(id) }
  }

  private struct Entry {
    let kind: Kind
    let runningTasks: (@Sendable () -> Int)?
  }

  private struct State {
    var nextID = 0
    var open: [Int: Entry] = [:]
  }

  private let factory: any MetricsFactory
  private let state = Mutex(State())
  private let actions: [Kind: Counter]
  private let sessionsOpen: [Kind: Gauge]
  private let tasksRunning: [Kind: Gauge]

  /// Every kind of live page this server runs.
  static let kinds: [Kind] =
    ["reactor", "mvvm", "driver"].map { Kind(screen: "signup", engine: $0) }
    + [Kind(screen: "search", engine: "reactor")]

  init(factory: any MetricsFactory) {
    self.factory = factory
    func dimensions(_ kind: Kind) -> [(String, String)] { [("screen", kind.screen), ("engine", kind.engine)] }
    var actions: [Kind: Counter] = [:]
    var sessionsOpen: [Kind: Gauge] = [:]
    var tasksRunning: [Kind: Gauge] = [:]
    for kind in Self.kinds {
      actions[kind] = Counter(label: "live_actions_total", dimensions: dimensions(kind), factory: factory)
      sessionsOpen[kind] = Gauge(label: "live_sessions_open", dimensions: dimensions(kind), factory: factory)
      tasksRunning[kind] = Gauge(label: "live_effect_tasks_running", dimensions: dimensions(kind), factory: factory)
      sessionsOpen[kind]?.record(0)
      tasksRunning[kind]?.record(0)
    }
    self.actions = actions
    self.sessionsOpen = sessionsOpen
    self.tasksRunning = tasksRunning
  }

  /// Counts a session of `kind` open; `runningTasks` reports its store's effect tasks (`nil` for a view
  /// model, which has none to count).
  func open(_ kind: Kind, runningTasks: (@Sendable () -> Int)?) -> Session {
    precondition(actions[kind] != nil, "an unknown kind of live page: \(kind)")
    let id = state.withLock { state in
      state.nextID += 1
      state.open[state.nextID] = Entry(kind: kind, runningTasks: runningTasks)
      return state.nextID
    }
    return Session(metrics: self, id: id, actions: actions[kind]!)
  }

  private func close(_ id: Int) {
    _ = state.withLock { $0.open.removeValue(forKey: id) }
  }

  /// Sets the gauges to the sessions open now and their stores' running effect tasks.
  func sample() {
    let open = state.withLock { Array($0.open.values) }
    var sessions: [Kind: Int] = [:]
    var tasks: [Kind: Int] = [:]
    for entry in open {
      sessions[entry.kind, default: 0] += 1
      tasks[entry.kind, default: 0] += entry.runningTasks?() ?? 0
    }
    for kind in Self.kinds {
      sessionsOpen[kind]?.record(sessions[kind] ?? 0)
      tasksRunning[kind]?.record(tasks[kind] ?? 0)
    }
  }
}
