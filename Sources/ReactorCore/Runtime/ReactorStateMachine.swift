/// The bookkeeping of a ``ReactorStore``: its queue of pending work, who drains it, and its tasks.
///
/// Pure transitions on a value, kept apart from the locks that guard it (``ReactorStorage``) so each
/// rule can be read and tested on its own. Every method runs under the storage's machine lock.
struct ReactorStateMachine<Action: Sendable, Mutation: Sendable>: Sendable {
  /// One unit of serialized work.
  enum Work: Sendable {
    case action(Action)
    case mutation(Mutation, from: TaskID)
  }

  /// Identifies one task started for an asynchronous effect.
  struct TaskID: Hashable, Sendable {
    fileprivate let raw: UInt64
  }

  private struct TaskEntry: Sendable {
    var handle: Task<Void, Never>?
    var cancelIDs: [CancelID]
  }

  /// What a sender must do after offering its work.
  enum OfferResult: Equatable, Sendable {
    /// The work is queued; the thread draining the queue will process it.
    case queued
    /// The work was dropped: its task was cancelled or the store is shut down.
    case dropped
    /// Nobody will process it unless the caller drains the queue itself.
    case drainYourself
  }

  private var queue: [Work] = []
  private var queueHead = 0
  private var drainer: ThreadIdentity?
  private var tasks: [TaskID: TaskEntry] = [:]
  private var tasksByCancelID: [CancelID: Set<TaskID>] = [:]
  private var nextTaskID: UInt64 = 0
  private(set) var isShutDown = false

  // MARK: - Queue

  /// Queues an action sent from inside the current drain (a re-entrant send), in order.
  mutating func offerAction(_ action: Action, from thread: ThreadIdentity) -> OfferResult {
    guard drainer == thread else { return .drainYourself }
    queue.append(.action(action))
    return .queued
  }

  /// Drops a mutation whose task is gone; queues one sent from inside the current drain (from a
  /// cancellation handler the drain ran); otherwise the sender must drain, waiting for the lock, so
  /// the mutation is applied when its `send` returns.
  mutating func offerMutation(_ mutation: Mutation, from task: TaskID, on thread: ThreadIdentity) -> OfferResult {
    guard tasks[task] != nil, !isShutDown else { return .dropped }
    guard drainer == thread else { return .drainYourself }
    queue.append(.mutation(mutation, from: task))
    return .queued
  }

  /// Marks `thread` as the one draining the queue; it holds the drain lock.
  mutating func beginDrain(on thread: ThreadIdentity) {
    drainer = thread
  }

  /// The next work to process, skipping mutations whose task was cancelled since they were queued.
  /// Returns `nil` and ends the drain when the queue is empty, in the same step, so work offered
  /// afterwards is never left behind.
  mutating func nextWork() -> Work? {
    while queueHead < queue.count {
      let work = queue[queueHead]
      queueHead += 1
      if case .mutation(_, let task) = work, tasks[task] == nil { continue }
      return work
    }
    queue.removeAll(keepingCapacity: queue.capacity <= 64)
    queueHead = 0
    drainer = nil
    return nil
  }

  // MARK: - Tasks

  /// True while the task may still deliver mutations.
  func isLive(_ task: TaskID) -> Bool { tasks[task] != nil }

  /// Registers a task about to start, under the given cancellation identifiers.
  mutating func registerTask(cancelIDs: [CancelID]) -> TaskID? {
    guard !isShutDown else { return nil }
    let id = TaskID(raw: nextTaskID)
    nextTaskID += 1
    tasks[id] = TaskEntry(handle: nil, cancelIDs: cancelIDs)
    for cancelID in cancelIDs { tasksByCancelID[cancelID, default: []].insert(id) }
    return id
  }

  /// Attaches the running task's handle; returns `false` when it was cancelled in the meantime.
  mutating func attach(_ handle: Task<Void, Never>, to task: TaskID) -> Bool {
    guard tasks[task] != nil else { return false }
    tasks[task]?.handle = handle
    return true
  }

  /// Forgets every task under `cancelID` (but `sparing`) and returns their handles to cancel.
  mutating func cancel(_ cancelID: CancelID, sparing spared: TaskID? = nil) -> [Task<Void, Never>] {
    guard let ids = tasksByCancelID[cancelID] else { return [] }
    return ids.filter { $0 != spared }.compactMap { remove($0) }
  }

  /// Forgets a task that has finished.
  mutating func finish(_ task: TaskID) {
    _ = remove(task)
  }

  /// Forgets every task and refuses new ones; returns the handles to cancel.
  mutating func shutDown() -> [Task<Void, Never>] {
    isShutDown = true
    let handles = tasks.values.compactMap(\.handle)
    tasks = [:]
    tasksByCancelID = [:]
    return handles
  }

  /// The number of tasks still running (for tests and diagnostics).
  var runningTaskCount: Int { tasks.count }

  private mutating func remove(_ task: TaskID) -> Task<Void, Never>? {
    guard let entry = tasks.removeValue(forKey: task) else { return nil }
    for cancelID in entry.cancelIDs {
      tasksByCancelID[cancelID]?.remove(task)
      if tasksByCancelID[cancelID]?.isEmpty == true { tasksByCancelID[cancelID] = nil }
    }
    return entry.handle
  }
}
