@testable import OctoreactMVVM
import Testing

/// The hand-over rule of `Broadcast`, step by step: observers are names, values are numbers.
@Suite struct BroadcastStateMachineTests {
  typealias Machine = BroadcastStateMachine<Int, String>

  /// The action as plain values, to compare with `==`.
  enum Step: Equatable {
    case deliver(Int, [String])
    case introduce(String, Int, thenFinish: Bool)
    case finish([String])
    case none
  }

  private func step(_ action: Machine.Action) -> Step {
    switch action {
    case .deliver(let value, let observers): .deliver(value, observers)
    case .introduce(let observer, let first, let thenFinish): .introduce(observer, first, thenFinish: thenFinish)
    case .finish(let observers): .finish(observers)
    case .none: .none
    }
  }

  /// A machine with `observers` registered while idle.
  private func machine(_ initial: Int, observers: [String]) -> Machine {
    var machine = Machine(initial)
    for observer in observers {
      #expect(step(machine.register(observer, since: nil)) == .introduce(observer, initial, thenFinish: false))
      #expect(step(machine.next()) == .none)
    }
    return machine
  }

  @Test func aSendOnAnIdleBroadcastMakesTheSenderTheDrainer() {
    var machine = machine(0, observers: ["a", "b"])

    #expect(step(machine.send(1)) == .deliver(1, ["a", "b"]))
    #expect(machine.isDraining)
    #expect(step(machine.next()) == .none)
    #expect(!machine.isDraining)
    #expect(machine.latest == 1)
  }

  @Test func aSendWhileDrainingIsQueuedAndDeliveredInOrderBeforeTheDrainEnds() {
    var machine = machine(0, observers: ["a"])

    #expect(step(machine.send(1)) == .deliver(1, ["a"]))
    // Another thread (or the observer itself) sends twice meanwhile: both only queue.
    #expect(step(machine.send(2)) == .none)
    #expect(step(machine.send(3)) == .none)
    #expect(machine.latest == 3)  // `value` is the latest accepted, at once

    #expect(step(machine.next()) == .deliver(2, ["a"]))
    #expect(step(machine.next()) == .deliver(3, ["a"]))
    #expect(step(machine.next()) == .none)
    #expect(!machine.isDraining)
    #expect(machine.queuedCount == 0)
  }

  @Test func aSendRightAfterTheDrainEndedStartsANewDrain() {
    var machine = machine(0, observers: ["a"])
    #expect(step(machine.send(1)) == .deliver(1, ["a"]))
    #expect(step(machine.next()) == .none)

    #expect(step(machine.send(2)) == .deliver(2, ["a"]))
  }

  @Test func anObserverRegisteredDuringADrainStartsFromTheValueDeliveredBeforeItsPlace() {
    var machine = machine(0, observers: ["a"])
    #expect(step(machine.send(1)) == .deliver(1, ["a"]))
    #expect(step(machine.register("late", since: nil)) == .none)
    #expect(step(machine.send(2)) == .none)

    // Its place in the queue is after 1 and before 2: it gets 1 first, then 2, and never 1 twice.
    #expect(step(machine.next()) == .introduce("late", 1, thenFinish: false))
    #expect(step(machine.next()) == .deliver(2, ["a", "late"]))
    #expect(step(machine.next()) == .none)
  }

  @Test func aDerivedObserverThatIsUpToDateGetsNoFirstCall() {
    var machine = machine(5, observers: [])

    #expect(step(machine.register("map", since: machine.version)) == .none)
    #expect(!machine.isDraining)
    #expect(step(machine.send(6)) == .deliver(6, ["map"]))
  }

  @Test func aDerivedObserverThatMissedAValueIsCaughtUpFirst() {
    var machine = machine(5, observers: [])
    let readAt = machine.version  // the derived broadcast read 5 …
    #expect(step(machine.send(6)) == .none)  // … then 6 went out before it registered

    #expect(step(machine.register("map", since: readAt)) == .introduce("map", 6, thenFinish: false))
    #expect(step(machine.next()) == .none)
  }

  @Test func anOptimisticSendIsRefusedWhenAnotherValueCameFirst() {
    var machine = machine(1, observers: ["a"])
    let readAt = machine.version
    #expect(step(machine.send(2)) == .deliver(2, ["a"]))
    #expect(step(machine.next()) == .none)

    #expect(machine.send(10, ifVersionIs: readAt) == nil)
    #expect(machine.latest == 2)
    #expect(machine.send(20, ifVersionIs: machine.version).map(step) == .deliver(20, ["a"]))
  }

  @Test func goneObserversAreForgottenAfterTheirDelivery() {
    var machine = machine(0, observers: ["a", "b", "c"])
    #expect(step(machine.send(1)) == .deliver(1, ["a", "b", "c"]))

    #expect(step(machine.next(forgetting: [0, 2])) == .none)

    #expect(machine.observers == ["b"])
  }

  @Test func finishEndsTheObserversAndLaterOnesGetOneValueThenTheirEnd() {
    var machine = machine(0, observers: ["a"])
    #expect(step(machine.send(1)) == .deliver(1, ["a"]))
    #expect(step(machine.finish()) == .none)
    #expect(step(machine.send(2)) == .none)

    #expect(step(machine.next()) == .finish(["a"]))
    #expect(step(machine.next()) == .none)  // 2 has nobody to go to
    #expect(machine.observers.isEmpty)
    #expect(machine.latest == 2)
    #expect(step(machine.register("late", since: nil)) == .introduce("late", 2, thenFinish: true))
    #expect(step(machine.next()) == .none)
    #expect(machine.observers.isEmpty)
  }
}
