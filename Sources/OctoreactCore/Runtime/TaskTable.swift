/// Identifies one task started for an asynchronous effect.
@usableFromInline
struct TaskID: Hashable, Sendable {
  @usableFromInline let raw: UInt64
}

/// The effect tasks of a store: which are live, which still run after being cancelled, their
/// handles, and the cancellation identifiers they run under.
///
/// **Lifecycle.** A task is *registered* (on the drain, when its effect is met), *started* when the
/// starter is about to make its `Task` (``markStarted(_:)``, or ``attach(_:to:)``), and *ended*
/// when its body has returned (``finish(_:)``). Cancelling a registered task that never started
/// forgets it at once (it will never run); cancelling a started one keeps its entry, no longer
/// live, until it ends: ``count`` is every task whose body may still run.
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
    var isStarted = false
  }

  /// Live tasks, in increasing ``TaskID`` order.
  private var entries: [Entry] = []
  /// Tasks cancelled after they started whose body has not returned yet. Kept apart from
  /// ``entries`` so that cancelling, which scans the live tasks, never scans them: a store whose
  /// replaced checks pile up behind a busy machine would otherwise scan more at every keystroke.
  private var cancelledRunning: Set<UInt64> = []
  private var nextTaskID: UInt64 = 0
  private(set) var isShutDown = false

  /// True while the task may still deliver mutations: registered, not cancelled, not ended.
  func isLive(_ task: TaskID) -> Bool { index(of: task) != nil }

  /// The tasks whose body may still run: live ones, and cancelled ones that started and have not
  /// returned yet (work that ignores cancellation keeps running; its mutations are dropped).
  var count: Int { entries.count + cancelledRunning.count }

  /// The tasks that may still deliver mutations.
  var liveCount: Int { entries.count }

  /// Registers a task about to start, under the given cancellation identifiers; `nil` once shut down.
  mutating func register(cancelIDs: [CancelID]) -> TaskID? {
    guard !isShutDown else { return nil }
    let id = TaskID(raw: nextTaskID)
    nextTaskID += 1
    entries.append(Entry(id: id, handle: nil, cancelIDs: cancelIDs))
    return id
  }

  /// Records that the task's `Task` is about to be made; returns `false` (make none) when it is no
  /// longer live. From now on a cancellation keeps it counted until it ends.
  mutating func markStarted(_ task: TaskID) -> Bool {
    guard let index = index(of: task) else { return false }
    entries[index].isStarted = true
    return true
  }

  /// Attaches the running task's handle; returns `false` when it was cancelled in the meantime
  /// (the caller cancels the handle).
  mutating func attach(_ handle: Task<Void, Never>, to task: TaskID) -> Bool {
    guard let index = index(of: task) else { return false }
    entries[index].isStarted = true
    entries[index].handle = handle
    return true
  }

  /// What ``cancel(_:sparing:reporting:)`` did: the handles to cancel and, when asked for, every
  /// task it cancelled (started or not, for a store's ``ReactorEvent/effectCancelled(_:)``).
  struct Cancellation: Sendable {
    var handles: [Task<Void, Never>] = []
    var tasks: [TaskID] = []
  }

  /// Cancels every live task under `cancelID` (but `spared`) and returns their handles to cancel,
  /// and with `reporting` the tasks themselves (collected only then: a store without an event hook
  /// pays for no list). They are no longer live; the ones that started stay counted until they end.
  mutating func cancel(_ cancelID: CancelID, sparing spared: TaskID? = nil, reporting: Bool = false) -> Cancellation {
    var cancellation = Cancellation()
    var index = entries.count - 1
    while index >= 0 {
      // Read in place: copying the entry out retained its handle and identifiers for every look.
      if entries[index].id != spared, entries[index].cancelIDs.contains(cancelID) {
        let entry = entries.remove(at: index)
        if entry.isStarted { cancelledRunning.insert(entry.id.raw) }
        if let handle = entry.handle { cancellation.handles.append(handle) }
        if reporting { cancellation.tasks.append(entry.id) }
      }
      index -= 1
    }
    // Found newest first: reported in the order they started.
    if reporting { cancellation.tasks.reverse() }
    return cancellation
  }

  /// Forgets a task that has ended (its body returned, or it never ran); returns `true` when it
  /// was still live (it ended without being cancelled).
  @discardableResult
  mutating func finish(_ task: TaskID) -> Bool {
    if let index = index(of: task) {
      entries.remove(at: index)
      return true
    }
    cancelledRunning.remove(task.raw)
    return false
  }

  /// Forgets every task and refuses new ones; returns the handles to cancel.
  mutating func shutDown() -> [Task<Void, Never>] {
    isShutDown = true
    defer {
      entries = []
      cancelledRunning = []
    }
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
