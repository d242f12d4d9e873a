@testable import MVVMKit
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
    var machine = CombineLatestStateMachine(first: "a", second: 1)

    #expect(same(machine.update(second: 2), ("a", 2)))
    #expect(machine.isCombining)
    #expect(same(machine.next(), nil))
    #expect(!machine.isCombining)
  }

  /// The two sources' threads race: each update's pair is kept, in the order of the updates, and
  /// combined by the thread already combining; the last pair has the latest of each source.
  @Test func updatesWhileCombiningAreQueuedAsPairsAndCombinedInOrder() {
    var machine = CombineLatestStateMachine(first: "a", second: 1)
    #expect(same(machine.update(first: "b"), ("b", 1)))

    #expect(same(machine.update(second: 2), nil))
    #expect(same(machine.update(first: "c"), nil))

    #expect(same(machine.next(), ("b", 2)))
    #expect(same(machine.next(), ("c", 2)))
    #expect(same(machine.next(), nil))
    #expect(!machine.isCombining)
    #expect(same(machine.update(second: 3), ("c", 3)))
  }
}
