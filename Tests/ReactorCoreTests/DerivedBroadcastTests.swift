import ReactorCore
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct DerivedBroadcastTests {
  // MARK: - map

  @Test func mapHasItsNewValueWhenTheSourcesSendReturns() {
    let source = Broadcast(1)
    let tenfold = source.map { $0 * 10 }
    #expect(tenfold.value == 10)

    source.send(2)

    #expect(tenfold.value == 20)
  }

  @Test func mapDeliversOneValuePerSourceValue() async {
    let source = Broadcast("a")
    let upper = source.map { $0.uppercased() }
    let values = upper.values()

    source.send("b")
    source.send("b")
    source.send("c")

    #expect(await prefix(4, of: values) == ["A", "B", "B", "C"])
  }

  @Test func droppedDerivedBroadcastIsNoLongerComputed() {
    let source = Broadcast(0)
    let calls = Mutex(0)
    var derived: Broadcast<Int>? = source.map { value in
      calls.withLock { $0 += 1 }
      return value
    }
    source.send(1)
    #expect(calls.withLock { $0 } == 2)  // the initial value, then 1
    weak let released = derived

    derived = nil
    source.send(2)
    source.send(3)

    #expect(released == nil)
    #expect(calls.withLock { $0 } == 2)
  }

  // MARK: - removingDuplicates

  @Test func removingDuplicatesSkipsAValueEqualToThePreviousOne() async {
    let source = Broadcast(1)
    let distinct = source.removingDuplicates()
    let values = distinct.values()

    for value in [1, 2, 2, 2, 1, 1, 3] { source.send(value) }

    #expect(await prefix(4, of: values) == [1, 2, 1, 3])
    #expect(distinct.value == 3)
  }

  // MARK: - combineLatest

  @Test func combineLatestStartsFromBothCurrentValuesAndUpdatesOnEither() async {
    let first = Broadcast("a")
    let second = Broadcast(1)
    let combined = Broadcast.combineLatest(first, second) { "\($0)\($1)" }
    let values = combined.values()

    second.send(2)
    first.send("b")
    second.send(2)

    #expect(await prefix(4, of: values) == ["a1", "a2", "b2", "b2"])
  }

  @Test func combineLatestOfConcurrentSendersEndsOnTheLatestOfEach() async {
    let first = Broadcast(0)
    let second = Broadcast(0)
    let sum = Broadcast.combineLatest(first, second) { $0 + $1 }

    await withTaskGroup(of: Void.self) { group in
      group.addTask { for value in 1...5_000 { first.send(value) } }
      group.addTask { for value in 1...5_000 { second.send(value * 10) } }
    }

    #expect(sum.value == 5_000 + 50_000)
  }

  @Test func droppedCombinationIsNoLongerComputed() {
    let first = Broadcast(0)
    let second = Broadcast(0)
    let calls = Mutex(0)
    var combined: Broadcast<Int>? = Broadcast.combineLatest(first, second) { a, b in
      calls.withLock { $0 += 1 }
      return a + b
    }
    weak let released = combined

    combined = nil
    first.send(1)
    second.send(1)
    first.send(2)

    #expect(released == nil)
    #expect(calls.withLock { $0 } == 1)  // the initial value only
  }

  // MARK: - observe

  @Test func observeSeesTheCurrentValueThenEveryLaterOneUntilCancelled() {
    let source = Broadcast("a")
    let seen = Mutex<[String]>([])
    let observation = source.observe { value in seen.withLock { $0.append(value) } }

    source.send("b")
    source.send("b")
    observation.cancel()
    source.send("c")

    #expect(seen.withLock { $0 } == ["a", "b", "b"])
  }

  @Test func releasedObservationStopsObserving() {
    let source = Broadcast(0)
    let seen = Mutex<[Int]>([])
    var observation: BroadcastObservation? = source.observe { value in seen.withLock { $0.append(value) } }
    source.send(1)
    _ = observation

    observation = nil
    source.send(2)

    #expect(seen.withLock { $0 } == [0, 1])
  }
}
