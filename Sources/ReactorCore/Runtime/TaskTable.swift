/// Identifies one task started for an asynchronous effect.
@usableFromInline
struct TaskID: Hashable, Sendable {
  @usableFromInline let raw: UInt64
}

/// The effect tasks of a store: which are live, their handles, and the cancellation identifiers
/// they run under.
///
/// Pure transitions on a value, kept apart from the lock that guards it (``TaskRegistry``) so each
/// rule can be read and tested on its own. It does not depend on the reactor's types, so it is
/// compiled once, specialized, in this module.
struct TaskTable: Sendable {
  private struct Entry: Sendable {
    var handle: Task<Void, Never>?
    var cancelIDs: [CancelID]
  }

  private var entries: [TaskID: Entry] = [:]
  /// Usually one task per identifier ("latest wins"), so a small array, not a set.
  private var tasksByCancelID: [CancelID: [TaskID]] = [:]
  private var nextTaskID: UInt64 = 0
  private(set) var isShutDown = false

  /// True while the task may still deliver mutations.
  func isLive(_ task: TaskID) -> Bool { entries[task] != nil }

  /// The number of tasks still running (for tests and diagnostics).
  var count: Int { entries.count }

  /// Registers a task about to start, under the given cancellation identifiers; `nil` once shut down.
  mutating func register(cancelIDs: [CancelID]) -> TaskID? {
    guard !isShutDown else { return nil }
    let id = TaskID(raw: nextTaskID)
    nextTaskID += 1
    entries[id] = Entry(handle: nil, cancelIDs: cancelIDs)
    for cancelID in cancelIDs { tasksByCancelID[cancelID, default: []].append(id) }
    return id
  }

  /// Attaches the running task's handle; returns `false` when it was cancelled in the meantime.
  mutating func attach(_ handle: Task<Void, Never>, to task: TaskID) -> Bool {
    guard let index = entries.index(forKey: task) else { return false }
    entries.values[index].handle = handle
    return true
  }

  /// Forgets every task under `cancelID` (but `spared`) and returns their handles to cancel.
  mutating func cancel(_ cancelID: CancelID, sparing spared: TaskID? = nil) -> [Task<Void, Never>] {
    guard let ids = tasksByCancelID[cancelID] else { return [] }
    var handles: [Task<Void, Never>] = []
    for id in ids where id != spared {
      if let handle = remove(id) { handles.append(handle) }
    }
    return handles
  }

  /// Forgets a task that has finished.
  mutating func finish(_ task: TaskID) {
    _ = remove(task)
  }

  /// Forgets every task and refuses new ones; returns the handles to cancel.
  mutating func shutDown() -> [Task<Void, Never>] {
    isShutDown = true
    let handles = entries.values.compactMap(\.handle)
    entries = [:]
    tasksByCancelID = [:]
    return handles
  }

  private mutating func remove(_ task: TaskID) -> Task<Void, Never>? {
    guard let entry = entries.removeValue(forKey: task) else { return nil }
    for cancelID in entry.cancelIDs {
      guard let index = tasksByCancelID.index(forKey: cancelID) else { continue }
      tasksByCancelID.values[index].removeAll { $0 == task }
      if tasksByCancelID.values[index].isEmpty { tasksByCancelID.remove(at: index) }
    }
    return entry.handle
  }
}
