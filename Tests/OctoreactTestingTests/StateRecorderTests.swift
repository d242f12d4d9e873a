import Clocks
import OctoreactCore
import OctoreactTesting
import Testing

/// A counter that can also count later, after sleeping on a test clock.
private struct CounterReactor: Reactor {
  enum Action: Sendable {
    case increase
    case increaseLater(Duration)
  }

  enum Mutation: Sendable { case increase }

  struct State: Sendable, Equatable { var count = 0 }

  var clock = TestClock()
  /// Told right before the effect sleeps.
  var sleeping: AsyncStream<Void>.Continuation?

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increase:
      .just(.increase)
    case .increaseLater(let delay):
      .run { [clock, sleeping] send in
        sleeping?.yield()
        try? await clock.sleep(for: delay)
        send(.increase)
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(count: state.count + 1)
  }
}

@Suite(.timeLimit(.minutes(1)))
struct StateRecorderTests {
  // MARK: - Timestamps

  @Test func timestampsAreVirtualTimeSinceTheRecorderWasMade() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))  // before the recorder: not counted
    let (values, continuation) = AsyncStream.makeStream(of: String.self)
    let recorder = StateRecorder(values, clock: clock)

    continuation.yield("at 0")
    await recorder.first { $0 == "at 0" }
    await clock.advance(by: .milliseconds(250))
    continuation.yield("at 250 ms")
    await recorder.first { $0 == "at 250 ms" }
    await clock.advance(by: .seconds(1))
    continuation.yield("at 1250 ms")
    await recorder.first { $0 == "at 1250 ms" }

    #expect(recorder.timeline.map(\.time) == [.zero, .milliseconds(250), .milliseconds(1250)])
    #expect(recorder.timeline.map(\.value) == ["at 0", "at 250 ms", "at 1250 ms"])
  }

  @Test func storeStatesAreStampedWithTheVirtualTimeTheyArrive() async {
    let clock = TestClock()
    let (sleeping, sleepingContinuation) = AsyncStream.makeStream(of: Void.self)
    var sleepers = sleeping.makeAsyncIterator()
    let store = ReactorStore(CounterReactor(clock: clock, sleeping: sleepingContinuation))
    let recorder = store.record(clock: clock)

    store.send(.increaseLater(.milliseconds(300)))
    await sleepers.next()
    while !Task.isCancelled, (try? await clock.checkSuspension()) != nil {}  // until the effect sleeps on the clock
    await clock.advance(by: .milliseconds(300))
    await recorder.first { $0.count == 1 }

    store.send(.increaseLater(.seconds(1)))
    await sleepers.next()
    while !Task.isCancelled, (try? await clock.checkSuspension()) != nil {}
    await clock.advance(by: .seconds(1))
    await recorder.first { $0.count == 2 }

    #expect(recorder.timeline.map(\.time) == [.zero, .milliseconds(300), .milliseconds(1300)])
    #expect(recorder.values.map(\.count) == [0, 1, 2])
  }

  @Test func synchronousChangesShareTheirVirtualInstant() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    let recorder = store.record(clock: clock)
    await clock.advance(by: .seconds(2))

    store.send(.increase)
    store.send(.increase)
    await recorder.first { $0.count == 2 }

    #expect(recorder.timeline.map(\.time).dropFirst() == [.seconds(2), .seconds(2)])
  }

  // MARK: - Waiting

  @Test func firstFindsAValueAlreadyRecorded() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    for value in 1...3 { continuation.yield(value) }
    await recorder.first { $0 == 3 }

    // 2 is long recorded: found without waiting for anything new.
    #expect(await recorder.first { $0.isMultiple(of: 2) } == 2)
  }

  @Test func firstWaitsForAValueStillToCome() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    continuation.yield(1)

    async let found = recorder.first { $0 > 10 }
    continuation.yield(5)
    continuation.yield(11)
    continuation.yield(12)

    #expect(await found == 11)
  }

  @Test func manyWaitersAreEachWokenByTheirOwnValue() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)

    async let even = recorder.first { $0.isMultiple(of: 2) }
    async let big = recorder.first { $0 > 100 }
    for value in [1, 3, 4, 7, 101] { continuation.yield(value) }

    #expect(await even == 4)
    #expect(await big == 101)
  }

  @Test func firstReturnsNilWhenTheSequenceEndsWithoutAMatch() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)

    async let missing = recorder.first { $0 < 0 }
    continuation.yield(1)
    continuation.finish()

    #expect(await missing == nil)
    #expect(await recorder.first { $0 < 0 } == nil)
    #expect(recorder.values == [1])
  }

  @Test func nextSkipsValuesRecordedBefore() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: String.self)
    let recorder = StateRecorder(values, clock: clock)
    continuation.yield("ready")
    await recorder.first { $0 == "ready" }
    let seen = recorder.count

    async let next = recorder.next(after: seen) { $0 == "ready" }
    continuation.yield("busy")
    continuation.yield("ready")

    #expect(await next == "ready")
    #expect(recorder.count == 3)
  }

  @Test func nextFindsANewValueAlreadyRecorded() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    for value in [1, 2, 1] { continuation.yield(value) }
    await recorder.next(after: 2) { _ in true }  // all three are recorded

    #expect(await recorder.next(after: 1) { $0 == 1 } == 1)
    #expect(await recorder.next(after: 0) { $0 == 2 } == 2)
  }

  // MARK: - Recorded values

  @Test func valuesLatestAndCountFollowTheRecording() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    #expect(recorder.latest == nil)
    #expect(recorder.count == 0)

    continuation.yield(1)
    continuation.yield(2)
    await recorder.first { $0 == 2 }

    #expect(recorder.values == [1, 2])
    #expect(recorder.latest == 2)
    #expect(recorder.count == 2)
  }

  @Test func recordingAStoreStartsWithItsCurrentState() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    store.send(.increase)

    let recorder = store.record(clock: clock)
    store.send(.increase)

    await recorder.first { $0.count == 2 }
    #expect(recorder.values.map(\.count) == [1, 2])
  }

  @Test func cancelStopsRecordingAndReleasesWaiters() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    continuation.yield(1)
    await recorder.first { $0 == 1 }

    async let never = recorder.first { $0 == 2 }
    recorder.cancel()

    #expect(await never == nil)
    continuation.yield(2)
    #expect(recorder.values == [1])
  }

  @Test func recordingEndsWhenTheStoreIsReleased() async {
    let clock = TestClock()
    var store: ReactorStore<CounterReactor>? = ReactorStore(CounterReactor(clock: clock))
    let recorder = store!.record(clock: clock)
    store?.send(.increase)

    store = nil

    #expect(await recorder.first { $0.count > 1 } == nil)
    #expect(recorder.values.map(\.count) == [0, 1])
  }

  /// Tests rely on a `.timeLimit` trait: when it cancels a test stuck in `first(where:)`, the wait
  /// must end (with `nil`) so the test returns and the run goes on.
  @Test func waitingEndsWhenTheWaitingTaskIsCancelled() async {
    let clock = TestClock()
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let recorder = StateRecorder(values, clock: clock)
    let waiter = Task { await recorder.first { $0 == 1 } }

    waiter.cancel()
    let found = await waiter.value
    continuation.yield(1)
    #expect(found == nil)
  }
}
