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
  /// The tasks under each cancellation identifier's hash, usually one ("latest wins"). Keyed by
  /// the hash alone, so that registering and removing never compare identifiers (a comparison of
  /// type-erased values is the costly step); ``cancel(_:sparing:)`` checks each candidate's own
  /// identifiers for an exact match.
  private var tasksByCancelHash: [Int: [TaskID]] = [:]
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
    for cancelID in cancelIDs { tasksByCancelHash[cancelID.hash, default: []].append(id) }
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
    guard let candidates = tasksByCancelHash[cancelID.hash] else { return [] }
    var handles: [Task<Void, Never>] = []
    for id in candidates where id != spared && entries[id]?.cancelIDs.contains(cancelID) == true {
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
    tasksByCancelHash = [:]
    return handles
  }

  private mutating func remove(_ task: TaskID) -> Task<Void, Never>? {
    guard let entry = entries.removeValue(forKey: task) else { return nil }
    for cancelID in entry.cancelIDs {
      guard let index = tasksByCancelHash.index(forKey: cancelID.hash) else { continue }
      tasksByCancelHash.values[index].removeAll { $0 == task }
      if tasksByCancelHash.values[index].isEmpty { tasksByCancelHash.remove(at: index) }
    }
    return entry.handle
  }
}
