@testable import OctoreactMVVM
import Testing

/// The rule of `Broadcast.combineLatest`, step by step.
@Suite struct CombineLatestStateMachineTests {
  private func same(_ pair: (String, Int)?, _ expected: (String, Int)?) -> Bool {
    switch (pair, expected) {
    case (nil, nil): true
    case (let pair?, let expected?): pair == expected
    default: false
    }
  }

  @Test func anUpdateWhileNobodyCombinesIsCombinedAtOnceByItsCaller() {
    var machine = CombineLatestStateMachine(("a", 1))

    #expect(same(machine.update { $0.1 = 2 }, ("a", 2)))
    #expect(machine.isCombining)
    #expect(same(machine.next(), nil))
    #expect(!machine.isCombining)
  }

  /// The two sources' threads race: each update's pair is kept, in the order of the updates, and
  /// combined by the thread already combining; the last pair has the latest of each source.
  @Test func updatesWhileCombiningAreQueuedAsPairsAndCombinedInOrder() {
    var machine = CombineLatestStateMachine(("a", 1))
    #expect(same(machine.update { $0.0 = "b" }, ("b", 1)))

    #expect(same(machine.update { $0.1 = 2 }, nil))
    #expect(same(machine.update { $0.0 = "c" }, nil))

    #expect(same(machine.next(), ("b", 2)))
    #expect(same(machine.next(), ("c", 2)))
    #expect(same(machine.next(), nil))
    #expect(!machine.isCombining)
    #expect(same(machine.update { $0.1 = 3 }, ("c", 3)))
  }

  /// Four sources: each update changes only its own place, and the queued tuples keep the others'
  /// latest values at the time of the update.
  @Test func fourSourcesQueueWholeTuplesInOrder() {
    var machine = CombineLatestStateMachine((1, 2, 3, 4))
    let first = machine.update { $0.2 = 30 }
    #expect(first.map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 30, 4])

    #expect(machine.update { $0.3 = 40 } == nil)
    #expect(machine.update { $0.0 = 10 } == nil)

    #expect(machine.next().map { [$0.0, $0.1, $0.2, $0.3] } == [1, 2, 30, 40])
    #expect(machine.next().map { [$0.0, $0.1, $0.2, $0.3] } == [10, 2, 30, 40])
    #expect(machine.next() == nil)
    #expect(!machine.isCombining)
  }
}
