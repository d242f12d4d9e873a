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
///
/// A store has few tasks at a time (usually one per kind of work, "latest wins"), so the table is
/// an array in task order, not dictionaries: task numbers are handed out in increasing order, so
/// appending keeps the array sorted and a task is found by binary search, and cancelling scans the
/// few entries, comparing hashes before values. Hashing task numbers and keeping an array per
/// identifier's hash cost more than that (a fifth of a username keystroke).
struct TaskTable: Sendable {
  private struct Entry: Sendable {
    let id: TaskID
    var handle: Task<Void, Never>?
    let cancelIDs: [CancelID]
  }

  /// Live tasks, in increasing ``TaskID`` order.
  private var entries: [Entry] = []
  private var nextTaskID: UInt64 = 0
  private(set) var isShutDown = false

  /// True while the task may still deliver mutations.
  func isLive(_ task: TaskID) -> Bool { index(of: task) != nil }

  /// The number of tasks still running (for tests and diagnostics).
  var count: Int { entries.count }

  /// Registers a task about to start, under the given cancellation identifiers; `nil` once shut down.
  mutating func register(cancelIDs: [CancelID]) -> TaskID? {
    guard !isShutDown else { return nil }
    let id = TaskID(raw: nextTaskID)
    nextTaskID += 1
    entries.append(Entry(id: id, handle: nil, cancelIDs: cancelIDs))
    return id
  }

  /// Attaches the running task's handle; returns `false` when it was cancelled in the meantime.
  mutating func attach(_ handle: Task<Void, Never>, to task: TaskID) -> Bool {
    guard let index = index(of: task) else { return false }
    entries[index].handle = handle
    return true
  }

  /// Forgets every task under `cancelID` (but `spared`) and returns their handles to cancel.
  mutating func cancel(_ cancelID: CancelID, sparing spared: TaskID? = nil) -> [Task<Void, Never>] {
    var handles: [Task<Void, Never>] = []
    var index = entries.count - 1
    while index >= 0 {
      // Read in place: copying the entry out retained its handle and identifiers for every look.
      if entries[index].id != spared, entries[index].cancelIDs.contains(cancelID) {
        if let handle = entries.remove(at: index).handle { handles.append(handle) }
      }
      index -= 1
    }
    return handles
  }

  /// Forgets a task that has finished.
  mutating func finish(_ task: TaskID) {
    if let index = index(of: task) { entries.remove(at: index) }
  }

  /// Forgets every task and refuses new ones; returns the handles to cancel.
  mutating func shutDown() -> [Task<Void, Never>] {
    isShutDown = true
    defer { entries = [] }
    return entries.compactMap(\.handle)
  }

  /// The position of `task` in ``entries``, by binary search.
  private func index(of task: TaskID) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let raw = entries[middle].id.raw
      if raw == task.raw { return middle }
      if raw < task.raw { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
