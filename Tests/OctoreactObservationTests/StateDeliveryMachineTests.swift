import Testing

@testable import OctoreactObservation

/// Every interleaving of offers, hops, main-actor deliveries and the delivery loop that we can name.
struct StateDeliveryMachineTests {
  typealias Machine = StateDeliveryMachine<Int>

  /// Runs the delivery loop to its end, returning what it applied.
  func deliver(_ machine: inout Machine) -> [Int] {
    var applied: [Int] = []
    while let state = machine.nextState() { applied.append(state) }
    return applied
  }

  @Test func offersScheduleOneHopThatDeliversTheNewest() {
    var machine = Machine()
    let first = machine.offer(1)
    let second = machine.offer(2)
    let third = machine.offer(3)
    #expect(first && !second && !third)
    let hopDelivers = machine.hopStarts()
    #expect(hopDelivers)
    #expect(deliver(&machine) == [3])
    #expect(!machine.isHopScheduled && !machine.isDelivering)
  }

  @Test func anOfferAfterTheHopStartedSchedulesTheNextHop() {
    var machine = Machine()
    _ = machine.offer(1)
    _ = machine.hopStarts()
    #expect(deliver(&machine) == [1])
    let schedulesHop = machine.offer(2)
    #expect(schedulesHop)
  }

  @Test func theMainActorTakesAtOnceTheStateAHopWasScheduledFor() {
    var machine = Machine()
    _ = machine.offer(1)
    let delivers = machine.startDelivery()
    #expect(delivers)
    #expect(deliver(&machine) == [1])
    // The hop finds nothing: no state is shown twice, none after a newer one.
    let hopDelivers = machine.hopStarts()
    #expect(!hopDelivers)
  }

  @Test func theMainActorWithNothingPendingDeliversNothing() {
    var machine = Machine()
    let delivers = machine.startDelivery()
    #expect(!delivers)
    #expect(!machine.isDelivering)
  }

  @Test func anOfferDuringDeliveryWaitsForTheStateBeingApplied() {
    var machine = Machine()
    _ = machine.offer(1)
    _ = machine.startDelivery()
    #expect(machine.nextState() == 1)
    // While 1 is applied, its observer sends twice: neither a hop nor a nested loop.
    let firstSchedulesHop = machine.offer(2)
    let secondSchedulesHop = machine.offer(3)
    let nestedDelivers = machine.startDelivery()
    #expect(!firstSchedulesHop && !secondSchedulesHop && !nestedDelivers)
    #expect(deliver(&machine) == [3])
  }

  @Test func aHopThatStartsDuringDeliveryLeavesTheStateToTheLoop() {
    var machine = Machine()
    _ = machine.offer(1)
    _ = machine.startDelivery()
    #expect(machine.nextState() == 1)
    _ = machine.offer(2)
    let hopDelivers = machine.hopStarts()
    #expect(!hopDelivers)
    #expect(deliver(&machine) == [2])
  }

  @Test func anOfferAfterTheLoopEndedIsDeliveredAgain() {
    var machine = Machine()
    _ = machine.offer(1)
    _ = machine.hopStarts()
    #expect(deliver(&machine) == [1])
    _ = machine.offer(2)
    _ = machine.startDelivery()
    #expect(deliver(&machine) == [2])
    let hopDelivers = machine.hopStarts()
    #expect(!hopDelivers)
  }
}
