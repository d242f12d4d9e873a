import CoreMetrics
import Metrics
import Synchronization

/// The live pages' figures by `screen` and `engine`: sessions open and effect tasks running (gauges),
/// actions processed and messages dropped (counters).
///
/// **Contract**: the gauges are sampled at scrape time, calling `runningTasks` with no lock held, so
/// the action path pays nothing for them; counting an action is one atomic increment.
final class LiveSessionMetrics: Sendable {
  struct Kind: Hashable, Sendable {
    let screen: String
    let engine: String
  }

  /// One open session; close it when the socket closes.
  final class Session: Sendable {
    private let metrics: LiveSessionMetrics
    private let id: Int
    private let counters: Counters

    fileprivate init(metrics: LiveSessionMetrics, id: Int, counters: Counters) {
      self.metrics = metrics
      self.id = id
      self.counters = counters
    }

    func countAction() { counters.actions.increment() }

    /// A message dropped because the page sent faster than its session's rate.
    func countDropped() { counters.dropped.increment() }

    func close() { metrics.close(id) }
  }

  fileprivate struct Counters: Sendable {
    let actions: Counter
    let dropped: Counter
    let sessionsOpen: Gauge
    let tasksRunning: Gauge
  }

  private struct Entry {
    let kind: Kind
    let runningTasks: (@Sendable () -> Int)?
  }

  private struct State {
    var counters: [Kind: Counters] = [:]
    var nextID = 0
    var open: [Int: Entry] = [:]
  }

  private let factory: any MetricsFactory
  private let state = Mutex(State())

  init(factory: any MetricsFactory) {
    self.factory = factory
  }

  /// Once per screen, when its route is added.
  func register(screen: String, engines: [String]) {
    for engine in engines {
      let kind = Kind(screen: screen, engine: engine)
      let dimensions = [("screen", screen), ("engine", engine)]
      let counters = Counters(
        actions: Counter(label: "live_actions_total", dimensions: dimensions, factory: factory),
        dropped: Counter(label: "live_messages_dropped_total", dimensions: dimensions, factory: factory),
        sessionsOpen: Gauge(label: "live_sessions_open", dimensions: dimensions, factory: factory),
        tasksRunning: Gauge(label: "live_effect_tasks_running", dimensions: dimensions, factory: factory))
      counters.sessionsOpen.record(0)
      counters.tasksRunning.record(0)
      state.withLock { $0.counters[kind] = counters }
    }
  }

  /// `runningTasks` is `nil` for a view model, which has no effect tasks to count.
  func open(screen: String, engine: String, runningTasks: (@Sendable () -> Int)?) -> Session {
    let kind = Kind(screen: screen, engine: engine)
    let (id, counters) = state.withLock { state in
      state.nextID += 1
      state.open[state.nextID] = Entry(kind: kind, runningTasks: runningTasks)
      return (state.nextID, state.counters[kind])
    }
    guard let counters else { preconditionFailure("a live page that was never registered: \(kind)") }
    return Session(metrics: self, id: id, counters: counters)
  }

  private func close(_ id: Int) {
    _ = state.withLock { $0.open.removeValue(forKey: id) }
  }

  func sample() {
    let (open, counters) = state.withLock { (Array($0.open.values), $0.counters) }
    var sessions: [Kind: Int] = [:]
    var tasks: [Kind: Int] = [:]
    for entry in open {
      sessions[entry.kind, default: 0] += 1
      tasks[entry.kind, default: 0] += entry.runningTasks?() ?? 0
    }
    for (kind, counters) in counters {
      counters.sessionsOpen.record(sessions[kind] ?? 0)
      counters.tasksRunning.record(tasks[kind] ?? 0)
    }
  }
}
