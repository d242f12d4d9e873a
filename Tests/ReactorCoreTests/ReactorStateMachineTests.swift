@testable import ReactorCore
import Testing

private typealias Machine = ReactorStateMachine<String, String>

/// A readable form of the machine's work, for comparisons.
private func describe(_ work: Machine.Work) -> String {
  switch work {
  case .action(let action): "action \(action)"
  case .mutation(let mutation, _): "mutation \(mutation)"
  }
}

private extension Machine {
  /// Takes work until the drain ends.
  mutating func drain() -> [String] {
    var drained: [String] = []
    while let work = nextWork() { drained.append(describe(work)) }
    return drained
  }

  /// Registers a task that must be accepted.
  mutating func start(_ cancelIDs: CancelID...) throws -> TaskID {
    let task = registerTask(cancelIDs: cancelIDs)
    return try #require(task)
  }

  /// Registers a task and attaches a fresh handle to it.
  mutating func startAttached(_ cancelIDs: CancelID...) throws -> (TaskID, Task<Void, Never>) {
    let task = try #require(registerTask(cancelIDs: cancelIDs))
    let handle = Task<Void, Never> {}
    let attached = attach(handle, to: task)
    #expect(attached)
    return (task, handle)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ReactorStateMachineTests {
  // MARK: - Actions

  @Test func actionWithNobodyDrainingIsForTheSenderToDrain() {
    var machine = Machine()

    let offered = machine.offerAction("a", from: .current)
    let work = machine.nextWork()

    #expect(offered == .drainYourself)
    #expect(work == nil)
  }

  @Test func actionFromTheDrainingThreadIsQueuedInOrder() {
    let me = ThreadIdentity.current
    var machine = Machine()
    machine.beginDrain(on: me)

    let first = machine.offerAction("a", from: me)
    let second = machine.offerAction("b", from: me)

    #expect(first == .queued)
    #expect(second == .queued)
    #expect(machine.drain() == ["action a", "action b"])
  }

  @Test func actionFromAnotherThreadWhileDrainingIsForThatThreadToDrain() async {
    let (thread, other) = await ParkedThread.start()
    defer { thread.unpark() }
    let me = ThreadIdentity.current
    #expect(me != other)
    var machine = Machine()
    machine.beginDrain(on: other)

    let offered = machine.offerAction("a", from: me)

    #expect(offered == .drainYourself)
    #expect(machine.drain() == [])
  }

  @Test func emptyQueueEndsTheDrainInTheSameStep() {
    let me = ThreadIdentity.current
    var machine = Machine()
    machine.beginDrain(on: me)
    _ = machine.offerAction("a", from: me)
    #expect(machine.drain() == ["action a"])

    // The drain ended with the empty queue: the next sender, even this thread, drains itself.
    let offered = machine.offerAction("b", from: me)

    #expect(offered == .drainYourself)
  }

  @Test func queueStartsEmptyForTheNextDrain() {
    let me = ThreadIdentity.current
    var machine = Machine()
    machine.beginDrain(on: me)
    for index in 0..<100 { _ = machine.offerAction("\(index)", from: me) }
    #expect(machine.drain().count == 100)

    machine.beginDrain(on: me)
    _ = machine.offerAction("again", from: me)

    #expect(machine.drain() == ["action again"])
  }

  // MARK: - Mutations

  @Test func mutationFromALiveTaskWithNobodyDrainingIsForTheTaskToDrain() throws {
    var machine = Machine()
    let task = try machine.start()

    let offered = machine.offerMutation("m", from: task, on: ThreadIdentity.current)

    #expect(offered == .drainYourself)
  }

  @Test func mutationFromAnotherThreadWhileDrainingWaitsToDrainItself() async throws {
    let (other, identity) = await ParkedThread.start()
    defer { other.unpark() }
    var machine = Machine()
    let task = try machine.start()
    machine.beginDrain(on: identity)

    // Not queued: the sender waits for the drain lock, so its `send` returns after it is applied.
    #expect(machine.offerMutation("m", from: task, on: ThreadIdentity.current) == .drainYourself)
  }

  @Test func mutationWhileDrainingIsQueuedBehindEarlierWork() throws {
    let me = ThreadIdentity.current
    var machine = Machine()
    let task = try machine.start()
    machine.beginDrain(on: me)

    let offers = [
      machine.offerAction("a", from: me),
      machine.offerMutation("m", from: task, on: me),
      machine.offerAction("b", from: me),
    ]

    #expect(offers == [.queued, .queued, .queued])
    #expect(machine.drain() == ["action a", "mutation m", "action b"])
  }

  @Test func mutationFromAFinishedTaskIsDropped() throws {
    let me = ThreadIdentity.current
    var machine = Machine()
    let task = try machine.start()
    machine.finish(task)

    let whileIdle = machine.offerMutation("late", from: task, on: me)
    machine.beginDrain(on: me)
    let whileDraining = machine.offerMutation("late", from: task, on: me)

    #expect(whileIdle == .dropped)
    #expect(whileDraining == .dropped)
    #expect(machine.drain() == [])
  }

  @Test func queuedMutationOfATaskCancelledSinceIsSkipped() throws {
    let me = ThreadIdentity.current
    var machine = Machine()
    let search = CancelID("search")
    let stale = try machine.start(search)
    let other = try machine.start()
    machine.beginDrain(on: me)
    let offers = [machine.offerMutation("stale", from: stale, on: me), machine.offerMutation("fresh", from: other, on: me)]
    #expect(offers == [.queued, .queued])

    _ = machine.cancel(search)

    #expect(machine.drain() == ["mutation fresh"])
  }

  // MARK: - Tasks

  @Test func registeredTasksAreLiveUntilFinished() throws {
    var machine = Machine()
    let first = try machine.start()
    let second = try machine.start()
    #expect(first != second)
    #expect(machine.runningTaskCount == 2)
    #expect(machine.isLive(first))

    machine.finish(first)

    #expect(!machine.isLive(first))
    #expect(machine.isLive(second))
    #expect(machine.runningTaskCount == 1)
  }

  @Test func cancelReturnsTheHandlesUnderTheIDAndForgetsThoseTasks() throws {
    var machine = Machine()
    let search = CancelID("search")
    let other = CancelID("other")
    let (first, firstHandle) = try machine.startAttached(search)
    let (second, secondHandle) = try machine.startAttached(search, other)
    let (unrelated, unrelatedHandle) = try machine.startAttached(other)

    let cancelled = machine.cancel(search)
    let cancelledAgain = machine.cancel(search)
    // The second task's other identifier forgot it too.
    let cancelledOther = machine.cancel(other)

    #expect(Set(cancelled) == [firstHandle, secondHandle])
    #expect(!machine.isLive(first))
    #expect(!machine.isLive(second))
    #expect(cancelledAgain.isEmpty)
    #expect(cancelledOther == [unrelatedHandle])
    #expect(!machine.isLive(unrelated))
  }

  @Test func cancelSparesTheTaskThatAsksForIt() throws {
    var machine = Machine()
    let search = CancelID("search")
    let (older, olderHandle) = try machine.startAttached(search)
    let (newer, _) = try machine.startAttached(search)

    let cancelled = machine.cancel(search, sparing: newer)

    #expect(cancelled == [olderHandle])
    #expect(machine.isLive(newer))
    #expect(!machine.isLive(older))
  }

  @Test func taskCancelledBeforeItsHandleIsAttachedIsRefusedTheHandle() throws {
    var machine = Machine()
    let search = CancelID("search")
    let task = try machine.start(search)

    // Nothing to cancel yet, but the task is forgotten…
    let cancelled = machine.cancel(search)
    #expect(cancelled.isEmpty)
    #expect(!machine.isLive(task))

    // …so attaching fails and the caller cancels the handle itself.
    let attached = machine.attach(Task {}, to: task)
    #expect(!attached)
  }

  @Test func finishedTaskIsNoLongerUnderItsCancelIDs() throws {
    var machine = Machine()
    let search = CancelID("search")
    let (task, _) = try machine.startAttached(search)

    machine.finish(task)
    let cancelled = machine.cancel(search)

    #expect(cancelled.isEmpty)
  }

  // MARK: - Shut down

  @Test func shutDownReturnsEveryHandleAndRefusesNewTasks() throws {
    var machine = Machine()
    let (first, firstHandle) = try machine.startAttached(CancelID("a"))
    let (_, secondHandle) = try machine.startAttached()
    _ = try machine.start()  // not attached yet: no handle to return

    let cancelled = machine.shutDown()
    let refused = machine.registerTask(cancelIDs: [])
    let late = machine.offerMutation("late", from: first, on: ThreadIdentity.current)
    let cancelledAfter = machine.cancel(CancelID("a"))

    #expect(Set(cancelled) == [firstHandle, secondHandle])
    #expect(machine.isShutDown)
    #expect(machine.runningTaskCount == 0)
    #expect(refused == nil)
    #expect(late == .dropped)
    #expect(cancelledAfter.isEmpty)
  }
}
