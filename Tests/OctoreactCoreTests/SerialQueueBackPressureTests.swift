@testable import OctoreactCore
import Testing

/// The serial queue's back-pressure, one transition at a time, with a limit of 4 (low mark 2).
@Suite struct SerialQueueBackPressureTests {
  private typealias Machine = SerialQueueStateMachine<String, Int>

  /// A drain of `own` with `queued` waiting behind it.
  private func draining(_ queued: [String]) -> Machine {
    var machine = Machine(limit: 4)
    _ = machine.enqueue("own")
    for item in queued { _ = machine.enqueue(item) }
    return machine
  }

  @Test func aDrainOutsideTheDrainContextNeverMakesASenderWait() {
    var machine = draining([])

    // The drainer has not met the limit in `next()` yet: nobody may rely on it not waiting.
    for index in 0..<10 { #expect(machine.enqueue("\(index)") == .handedOver) }
    #expect(machine.pendingCount == 10)
  }

  @Test func theDrainerEntersTheDrainContextWhenItFindsTheQueueAtTheLimit() {
    var machine = draining(["a", "b", "c"])
    guard case .process("a") = machine.next().action else {
      Issue.record("three waiting: below the limit")
      return
    }
    _ = machine.enqueue("d")
    _ = machine.enqueue("e")

    guard case .processInDrainContext("b") = machine.next().action else {
      Issue.record("four waiting: the drainer enters the drain context")
      return
    }
    #expect(machine.isInDrainContext)
    guard case .process("c") = machine.next().action else {
      Issue.record("entered once per drain")
      return
    }
  }

  @Test func aSenderOutsideAnyDrainWaitsOverTheLimitAndIsWokenAtTheLowMark() {
    var machine = draining(["a", "b", "c", "d"])
    _ = machine.next()  // enters the drain context; a, three waiting
    #expect(machine.enqueue("e") == .handedOver)  // four: at the limit, not over it

    #expect(machine.enqueue("f") == .wait)
    machine.addWaiter(1)

    // Its item is queued; it is woken once the queue is down to two, not before.
    #expect(machine.next().wake == [])  // b, four waiting
    #expect(machine.next().wake == [])  // c, three
    let (action, wake) = machine.next()  // d, two
    guard case .process("d") = action else {
      Issue.record("expected d")
      return
    }
    #expect(wake == [1])
    var rest: [String] = []
    while case .process(let item) = machine.next().action { rest.append(item) }
    #expect(rest == ["e", "f"])
  }

  @Test func aSenderInsideADrainContextNeverWaitsEvenOverTheLimit() {
    var machine = draining(["a", "b", "c", "d"])
    _ = machine.next()

    // The drainer itself re-entrantly, or the drainer of another store from an observer: both run
    // inside a drain context, and waiting there could wait for itself.
    for index in 0..<10 {
      #expect(machine.enqueue("\(index)", callerIsInDrainContext: true) == .handedOver)
    }
    #expect(machine.waiters.isEmpty)
  }

  @Test func everyWaiterIsWokenTogetherAndTheNextDrainStartsOutsideTheDrainContext() {
    var machine = draining(["a", "b", "c", "d"])
    _ = machine.next()
    _ = machine.enqueue("e")
    #expect(machine.enqueue("f") == .wait)
    machine.addWaiter(1)
    #expect(machine.enqueue("g") == .wait)
    machine.addWaiter(2)

    var woken: [Int] = []
    while true {
      let (action, wake) = machine.next()
      woken += wake
      if case .stopDraining = action { break }
    }
    #expect(woken == [1, 2])
    #expect(!machine.isInDrainContext)
    _ = machine.enqueue("new")
    for index in 0..<10 { #expect(machine.enqueue("\(index)") == .handedOver) }
  }

  @Test func aDrainThatNeverEmptiesKeepsItsArrayWithinTwiceTheWaitingItems() {
    var machine = Machine(limit: 1024)
    _ = machine.enqueue("own")
    // A sender that keeps one step ahead of the drainer for a long time: the queue never empties.
    for index in 0..<100_000 {
      _ = machine.enqueue("\(index)")
      _ = machine.enqueue("\(index)+")
      _ = machine.next()
      _ = machine.next()
      #expect(machine.pending.count <= max(128, 2 * machine.pendingCount + 2))
      if machine.pending.count > 200 { break }
    }
    #expect(machine.pending.count <= 128)
  }

  /// Two stores feeding each other from their observers, each drained by one thread: thread 1
  /// drains `first` in the drain context (it met the limit); thread 2 drains `second` outside it.
  /// Thread 2's observer sends to `first` over the limit and waits for thread 1; thread 1's observer
  /// sends to `second` (over its limit too) and must not wait, or each would wait for the other.
  @Test func twoStoresFeedingEachOtherNeverWaitForEachOther() {
    var first = draining(["a1", "a2", "a3", "a4"])
    var second = draining(["b1", "b2", "b3", "b4", "b5"])
    _ = first.next()  // thread 1 enters the drain context of `first`
    #expect(first.isInDrainContext)
    #expect(!second.isInDrainContext)  // thread 2 has not asked `next()` of `second` yet

    // Thread 2, inside the observer of its first item (outside any drain context), floods `first`.
    #expect(first.enqueue("from 2") == .handedOver)
    #expect(first.enqueue("from 2 again") == .wait)
    first.addWaiter(2)

    // Thread 1, inside the drain context, sends to `second`: handed over, whatever its length.
    for index in 0..<10 {
      #expect(second.enqueue("from 1 #\(index)", callerIsInDrainContext: true) == .handedOver)
    }
    #expect(second.waiters.isEmpty)

    // Thread 1 goes on and wakes thread 2; nothing else was needed for that.
    var woken: [Int] = []
    while woken.isEmpty, case (.process, let wake) = first.next() { woken += wake }
    #expect(woken == [2])

    // Had thread 2's drain met the limit first, the roles swap: still only one side waits.
    _ = second.next()
    #expect(second.isInDrainContext)
    #expect(second.enqueue("outside any drain") == .wait)
    #expect(second.enqueue("inside a drain", callerIsInDrainContext: true) == .handedOver)
  }
}
