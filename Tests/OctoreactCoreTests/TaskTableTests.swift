@testable import OctoreactCore
import Testing

private extension TaskTable {
  /// Registers a task that must be accepted.
  mutating func start(_ cancelIDs: CancelID...) throws -> TaskID {
    try #require(register(cancelIDs: cancelIDs))
  }

  /// Registers a task and attaches a fresh handle to it.
  mutating func startAttached(_ cancelIDs: CancelID...) throws -> (TaskID, Task<Void, Never>) {
    let task = try #require(register(cancelIDs: cancelIDs))
    let handle = Task<Void, Never> {}
    let attached = attach(handle, to: task)
    #expect(attached)
    return (task, handle)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct TaskTableTests {
  @Test func registeredTasksAreLiveUntilFinished() throws {
    var table = TaskTable()
    let first = try table.start()
    let second = try table.start()
    #expect(first != second)
    #expect(table.count == 2)
    #expect(table.isLive(first))

    table.finish(first)

    #expect(!table.isLive(first))
    #expect(table.isLive(second))
    #expect(table.count == 1)
  }

  @Test func cancelReturnsTheHandlesUnderTheIDAndForgetsThoseTasks() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let other = CancelID("other")
    let (first, firstHandle) = try table.startAttached(search)
    let (second, secondHandle) = try table.startAttached(search, other)
    let (unrelated, unrelatedHandle) = try table.startAttached(other)

    let cancelled = table.cancel(search).handles
    let cancelledAgain = table.cancel(search).handles
    // The second task's other identifier forgot it too.
    let cancelledOther = table.cancel(other).handles

    #expect(Set(cancelled) == [firstHandle, secondHandle])
    #expect(!table.isLive(first))
    #expect(!table.isLive(second))
    #expect(cancelledAgain.isEmpty)
    #expect(cancelledOther == [unrelatedHandle])
    #expect(!table.isLive(unrelated))
  }

  @Test func cancelIDsOfDifferentTypesOrValuesAreDistinct() throws {
    var table = TaskTable()
    enum Check { case username, password }
    let (username, _) = try table.startAttached(CancelID(Check.username))
    let (password, _) = try table.startAttached(CancelID(Check.password))
    let (text, _) = try table.startAttached(CancelID("username"))

    let cancelled = table.cancel(CancelID(Check.username)).handles

    #expect(cancelled.count == 1)
    #expect(!table.isLive(username))
    #expect(table.isLive(password))
    #expect(table.isLive(text))
  }

  @Test func identifiersWithEqualHashesAreStillDistinct() throws {
    /// Every value hashes alike; only `==` tells them apart.
    struct Colliding: Hashable, Sendable {
      let name: String
      func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }
    var table = TaskTable()
    let (first, _) = try table.startAttached(CancelID(Colliding(name: "first")))
    let (second, _) = try table.startAttached(CancelID(Colliding(name: "second")))

    let cancelled = table.cancel(CancelID(Colliding(name: "first"))).handles

    #expect(cancelled.count == 1)
    #expect(!table.isLive(first))
    #expect(table.isLive(second))
    #expect(table.cancel(CancelID(Colliding(name: "second"))).handles.count == 1)
  }

  @Test func cancelSparesTheTaskThatAsksForIt() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let (older, olderHandle) = try table.startAttached(search)
    let (newer, _) = try table.startAttached(search)

    let cancelled = table.cancel(search, sparing: newer).handles

    #expect(cancelled == [olderHandle])
    #expect(table.isLive(newer))
    #expect(!table.isLive(older))
    // The spared task is still found under its identifier.
    #expect(table.cancel(search).handles.count == 1)
  }

  @Test func taskCancelledBeforeItsHandleIsAttachedIsRefusedTheHandle() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let task = try table.start(search)

    // Nothing to cancel yet, but the task is forgotten…
    let cancelled = table.cancel(search).handles
    #expect(cancelled.isEmpty)
    #expect(!table.isLive(task))

    // …so attaching fails and the caller cancels the handle itself.
    let attached = table.attach(Task {}, to: task)
    #expect(!attached)
  }

  @Test func finishedTaskIsNoLongerUnderItsCancelIDs() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let (task, _) = try table.startAttached(search)

    table.finish(task)
    let cancelled = table.cancel(search).handles

    #expect(cancelled.isEmpty)
  }

  @Test func shutDownReturnsEveryHandleAndRefusesNewTasks() throws {
    var table = TaskTable()
    let (_, firstHandle) = try table.startAttached(CancelID("a"))
    let (_, secondHandle) = try table.startAttached()
    _ = try table.start()  // not attached yet: no handle to return

    let cancelled = table.shutDown()
    let refused = table.register(cancelIDs: [])
    let cancelledAfter = table.cancel(CancelID("a")).handles

    #expect(Set(cancelled) == [firstHandle, secondHandle])
    #expect(table.isShutDown)
    #expect(table.count == 0)
    #expect(refused == nil)
    #expect(cancelledAfter.isEmpty)
  }

  // MARK: - What runningTaskCount counts

  @Test func cancelledStartedTasksStayCountedUntilTheyEnd() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let (task, _) = try table.startAttached(search)

    _ = table.cancel(search).handles

    // Its body may still be running (work that ignores cancellation): counted, but not live.
    #expect(!table.isLive(task))
    #expect(table.count == 1)
    #expect(table.liveCount == 0)
    table.finish(task)
    #expect(table.count == 0)
  }

  @Test func aTaskCancelledBeforeItStartedIsForgottenAtOnce() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let task = try table.start(search)

    _ = table.cancel(search).handles

    #expect(table.count == 0)
    let started = table.markStarted(task)
    #expect(!started)  // the starter makes no task for it
  }

  @Test func aTaskMarkedStartedButNotAttachedYetStaysCountedWhenCancelled() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let task = try table.start(search)
    let started = table.markStarted(task)
    #expect(started)

    let cancelled = table.cancel(search).handles

    #expect(cancelled.isEmpty)  // no handle yet…
    #expect(table.count == 1)  // …but its `Task` is being made: it will run and end
    let attached = table.attach(Task {}, to: task)
    #expect(!attached)  // so the starter cancels the handle itself
    table.finish(task)
    #expect(table.count == 0)
  }

  @Test func reportingListsEveryCancelledTaskInStartOrderStartedOrNot() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let (older, _) = try table.startAttached(search)
    let newer = try table.start(search)  // registered, no `Task` yet: no handle to cancel

    let silent = table.cancel(CancelID("other"), reporting: true)
    let cancelled = table.cancel(search, reporting: true)

    #expect(silent.tasks.isEmpty)
    #expect(cancelled.tasks == [older, newer])
    #expect(cancelled.handles.count == 1)
  }

  @Test func withoutReportingNoTaskIsListed() throws {
    var table = TaskTable()
    let search = CancelID("search")
    _ = try table.startAttached(search)

    let cancelled = table.cancel(search)

    #expect(cancelled.tasks.isEmpty)
    #expect(cancelled.handles.count == 1)
  }

  @Test func finishSaysWhetherTheTaskEndedLive() throws {
    var table = TaskTable()
    let search = CancelID("search")
    let (live, _) = try table.startAttached(search)
    let (cancelled, _) = try table.startAttached(CancelID("other"))
    _ = table.cancel(CancelID("other"))

    let liveEnded = table.finish(live)
    let cancelledEnded = table.finish(cancelled)

    #expect(liveEnded)
    #expect(!cancelledEnded)
  }
}
