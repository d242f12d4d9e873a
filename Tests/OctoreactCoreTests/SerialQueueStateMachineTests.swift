@testable import OctoreactCore
import Testing

/// Every interleaving of the serial queue's rule, one transition at a time.
@Suite struct SerialQueueStateMachineTests {
  /// Drains the machine as its drainer would, returning the items in the order handed out.
  private func drainAll(_ machine: inout SerialQueueStateMachine<String, Int>) -> [String] {
    var items: [String] = []
    while case .process(let item) = machine.next().action { items.append(item) }
    return items
  }

  @Test func enqueueOnAnIdleQueueMakesTheCallerTheDrainerWithoutStoringTheItem() {
    var machine = SerialQueueStateMachine<String, Int>()

    #expect(machine.enqueue("a") == .startDraining)

    #expect(machine.isDraining)
    #expect(machine.pendingCount == 0)
  }

  @Test func nextOnAnEmptyQueueStopsTheDrain() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("a")

    guard case .stopDraining = machine.next().action else {
      Issue.record("expected the drain to stop")
      return
    }
    #expect(!machine.isDraining)
  }

  @Test func enqueueWhileDrainingIsHandedOverAndProcessedInOrderBeforeTheDrainStops() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("own")

    // Another thread, or the drainer itself re-entrantly: the machine cannot tell, and need not.
    #expect(machine.enqueue("b") == .handedOver)
    #expect(machine.enqueue("c") == .handedOver)

    #expect(drainAll(&machine) == ["b", "c"])
    #expect(!machine.isDraining)
  }

  @Test func itemsEnqueuedWhileTheDrainerProcessesAreProcessedBeforeItStops() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("own")
    _ = machine.enqueue("b")
    var handedOut: [String] = []

    // The drainer takes "b"; processing it enqueues "c" (re-entrant); another thread enqueues "d".
    if case .process(let item) = machine.next().action { handedOut.append(item) }
    #expect(machine.enqueue("c") == .handedOver)
    #expect(machine.enqueue("d") == .handedOver)
    handedOut += drainAll(&machine)

    #expect(handedOut == ["b", "c", "d"])
  }

  @Test func anEnqueueRightAfterTheDrainStoppedStartsANewDrain() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("a")
    _ = drainAll(&machine)

    // The enqueue that races the drainer's last `next()` and loses: nobody drains, so it does.
    #expect(machine.enqueue("late") == .startDraining)
    #expect(machine.pendingCount == 0)
  }

  @Test func anEnqueueJustBeforeTheDrainersLastNextIsHandedTheDrainer() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("a")

    // The same race, won: the drainer's `next()` finds it.
    #expect(machine.enqueue("late") == .handedOver)
    guard case .process("late") = machine.next().action else {
      Issue.record("expected the drainer to take the late item")
      return
    }
    guard case .stopDraining = machine.next().action else {
      Issue.record("expected the drain to stop")
      return
    }
  }

  @Test func aLongBurstIsHandedOutInOrderAndTheQueueIsEmptyAfterwards() {
    var machine = SerialQueueStateMachine<String, Int>()
    _ = machine.enqueue("own")
    let burst = (0..<1000).map(String.init)
    for item in burst { #expect(machine.enqueue(item) == .handedOver) }

    #expect(drainAll(&machine) == burst)
    #expect(machine.pendingCount == 0)
    #expect(machine.enqueue("next") == .startDraining)
  }
}

@Suite struct EffectStarterStateMachineTests {
  private func ids(_ raws: UInt64...) -> [TaskID] { raws.map(TaskID.init(raw:)) }

  @Test func theFirstEffectMakesAStarterAndLaterOnesJoinIt() {
    var machine = EffectStarterStateMachine<String>()

    #expect(machine.append("a", id: TaskID(raw: 0), keeping: { _ in true }) == .makeStarter)
    #expect(machine.append("b", id: TaskID(raw: 1), keeping: { _ in true }) == .none)

    guard case .start(let batch) = machine.nextBatch() else {
      Issue.record("expected a batch")
      return
    }
    #expect(batch.map(\.effect) == ["a", "b"])
  }

  @Test func theStarterStopsWhenNothingIsPendingAndTheNextEffectMakesANewOne() {
    var machine = EffectStarterStateMachine<String>()
    _ = machine.append("a", id: TaskID(raw: 0), keeping: { _ in true })
    _ = machine.nextBatch()

    guard case .stop = machine.nextBatch() else {
      Issue.record("expected the starter to stop")
      return
    }
    #expect(!machine.isStarterRunning)
    #expect(machine.append("b", id: TaskID(raw: 1), keeping: { _ in true }) == .makeStarter)
  }

  @Test func anEffectAppendedWhileTheStarterWorksOnABatchIsInItsNextBatch() {
    var machine = EffectStarterStateMachine<String>()
    _ = machine.append("a", id: TaskID(raw: 0), keeping: { _ in true })
    _ = machine.nextBatch()

    #expect(machine.append("b", id: TaskID(raw: 1), keeping: { _ in true }) == .none)

    guard case .start(let batch) = machine.nextBatch() else {
      Issue.record("expected a second batch")
      return
    }
    #expect(batch.map(\.effect) == ["b"])
  }

  @Test func effectsCancelledWhileWaitingAreDroppedOnceTheListHasGrown() {
    var machine = EffectStarterStateMachine<Int>()
    // Every effect but the newest is cancelled by the next (latest wins).
    for raw in 0..<100 {
      _ = machine.append(Int(raw), id: TaskID(raw: UInt64(raw)), keeping: { $0.raw >= UInt64(raw) })
    }

    guard case .start(let batch) = machine.nextBatch() else {
      Issue.record("expected a batch")
      return
    }
    #expect(batch.count < 32)  // within twice the live ones, not 100
    #expect(batch.last?.effect == 99)
  }
}
