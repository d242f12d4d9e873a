
/// A ``TaskTable`` behind a lock, shared by a store's serial path and its tasks.
///
/// The lock is held only for the table's own work, never around user code or `Task.cancel()`:
/// cancelling runs cancellation handlers synchronously, and they may call back into the store.
@usableFromInline
final class TaskRegistry: Sendable {
  private let table = RuntimeLock(TaskTable())

  @usableFromInline
  init() {}

  @usableFromInline
  func register(cancelIDs: [CancelID]) -> TaskID? {
    table.withLock { $0.register(cancelIDs: cancelIDs) }
  }

  /// Attaches the handle of a task registered before it was created, or cancels it when it was
  /// cancelled in the meantime.
  @usableFromInline
  func attach(_ handle: Task<Void, Never>, to task: TaskID) {
    if !table.withLock({ $0.attach(handle, to: task) }) { handle.cancel() }
  }

  /// See ``TaskTable/markStarted(_:)``.
  @usableFromInline
  func markStarted(_ task: TaskID) -> Bool {
    table.withLock { $0.markStarted(task) }
  }

  @usableFromInline
  func isLive(_ task: TaskID) -> Bool {
    table.withLock { $0.isLive(task) }
  }

  /// Cancels every task under `cancelID` but `spared`; they are no longer live when this returns.
  /// With `reporting`, returns them, in the order they started (otherwise an empty list).
  @usableFromInline
  @discardableResult
  func cancel(_ cancelID: CancelID, sparing spared: TaskID? = nil, reporting: Bool = false) -> [TaskID] {
    let cancellation = table.withLock { $0.cancel(cancelID, sparing: spared, reporting: reporting) }
    for handle in cancellation.handles { handle.cancel() }
    return cancellation.tasks
  }

  /// See ``TaskTable/finish(_:)``.
  @usableFromInline
  @discardableResult
  func finish(_ task: TaskID) -> Bool {
    table.withLock { $0.finish(task) }
  }

  /// Cancels every task and refuses new ones.
  @usableFromInline
  func shutDown() {
    let handles = table.withLock { $0.shutDown() }
    for handle in handles { handle.cancel() }
  }

  /// See ``TaskTable/count``.
  @usableFromInline
  var count: Int { table.withLock { $0.count } }

  @usableFromInline
  var liveCount: Int { table.withLock { $0.liveCount } }
}
