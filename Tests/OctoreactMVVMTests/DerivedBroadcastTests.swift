import ConcurrencyTestSupport
import OctoreactCore
import OctoreactMVVM
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

  @Test func derivedBroadcastIsReleasedWithItsSource() {
    var source: Broadcast<Int>? = Broadcast(0)
    weak let derived = source?.map { $0 + 1 }
    #expect(derived?.value == 1)  // the source holds it

    source = nil

    #expect(derived == nil)
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

  @Test func combineLatestOfFourStartsFromTheCurrentValuesAndUpdatesOnAny() async {
    let first = Broadcast("a")
    let second = Broadcast(1)
    let third = Broadcast(true)
    let fourth = Broadcast("x")
    let combined = Broadcast.combineLatest(first, second, third, fourth) { "\($0)\($1)\($2 ? "T" : "F")\($3)" }
    let values = combined.values()

    fourth.send("y")
    third.send(false)
    second.send(2)
    first.send("b")

    #expect(await prefix(5, of: values) == ["a1Tx", "a1Ty", "a1Fy", "a2Fy", "b2Fy"])
  }

  @Test func combineLatestOfFourConcurrentSendersEndsOnTheLatestOfEach() async {
    let sources = (0..<4).map { _ in Broadcast(0) }
    let sum = Broadcast.combineLatest(sources[0], sources[1], sources[2], sources[3]) { $0 + $1 + $2 + $3 }

    await withTaskGroup(of: Void.self) { group in
      for (index, source) in sources.enumerated() {
        group.addTask { for value in 1...2_000 { source.send(value * (index + 1)) } }
      }
    }

    #expect(sum.value == 2_000 * (1 + 2 + 3 + 4))
  }

  @Test func combinationIsReleasedWithItsSources() {
    var first: Broadcast<Int>? = Broadcast(1)
    var second: Broadcast<Int>? = Broadcast(2)
    weak let combined = Broadcast.combineLatest(first!, second!) { $0 + $1 }
    #expect(combined?.value == 3)

    first = nil
    #expect(combined != nil)  // still derived from `second`
    second = nil

    #expect(combined == nil)
  }

  // MARK: - observe

  @Test func observeSeesTheCurrentValueThenEveryLaterOneUntilCancelled() {
    let source = Broadcast("a")
    let seen = RuntimeLock<[String]>([])
    let observation = source.observe { value in seen.withLock { $0.append(value) } }

    source.send("b")
    source.send("b")
    observation.cancel()
    source.send("c")

    #expect(seen.withLock { $0 } == ["a", "b", "b"])
  }

  @Test func releasedObservationStopsObserving() {
    let source = Broadcast(0)
    let seen = RuntimeLock<[Int]>([])
    var observation: BroadcastObservation? = source.observe { value in seen.withLock { $0.append(value) } }
    source.send(1)
    _ = observation

    observation = nil
    source.send(2)

    #expect(seen.withLock { $0 } == [0, 1])
  }

  // MARK: - ReadOnlyBroadcast

  @Test func readOnlyBroadcastShowsTheValueItsValuesAndObservesSynchronously() async {
    let source = Broadcast(1)
    let output = ReadOnlyBroadcast(source)
    let values = output.values()
    let seen = RuntimeLock<[Int]>([])
    let observation = output.observe { value in seen.withLock { $0.append(value) } }

    source.send(2)

    #expect(output.value == 2)
    #expect(seen.withLock { $0 } == [1, 2])
    #expect(await prefix(2, of: values) == [1, 2])
    withExtendedLifetime(observation) {}
  }
}
