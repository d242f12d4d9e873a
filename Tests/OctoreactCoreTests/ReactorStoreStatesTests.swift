import ConcurrencyTestSupport
@testable import OctoreactCore
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReactorStoreStatesTests {
  @Test func statesGivesTheCurrentStateFirstThenEveryChange() async {
    let store = ReactorStore(CounterReactor())
    store.send(.set(10))

    let states = store.states
    store.send(.increase)
    store.send(.increase)
    store.send(.decrease)

    #expect(await prefix(4, of: states).map(\.count) == [10, 11, 12, 11])
  }

  @Test func everyChangeIsDeliveredEvenWhenTheValueRepeats() async {
    let store = ReactorStore(CounterReactor())
    let states = store.states

    store.send(.set(1))
    store.send(.set(1))

    #expect(await prefix(3, of: states).map(\.count) == [0, 1, 1])
  }

  @Test func twoObserversEachGetEveryState() async {
    let store = ReactorStore(CounterReactor())
    let first = store.states
    let second = store.states

    for _ in 0..<100 { store.send(.increase) }

    async let firstCounts = prefix(101, of: first).map(\.count)
    async let secondCounts = prefix(101, of: second).map(\.count)
    #expect(await firstCounts == Array(0...100))
    #expect(await secondCounts == Array(0...100))
  }

  @Test func observerThatNeverReadsDoesNotBlockSend() async {
    let store = ReactorStore(CounterReactor())
    let idle = store.states

    withExtendedLifetime(idle) {
      #expect(store.storage.observerCount == 1)
      for _ in 0..<10_000 { store.send(.increase) }
      #expect(store.currentState.count == 10_000)
    }

    // Nothing was dropped for it either: its buffer holds every state.
    let counts = await prefix(10_001, of: idle).map(\.count)
    #expect(counts.count == 10_001)
    #expect(counts.last == 10_000)
  }

  @Test func latestStatesGivesASlowObserverOnlyTheNewest() async {
    let store = ReactorStore(CounterReactor())
    let latest = store.latestStates

    for _ in 0..<5 { store.send(.increase) }

    #expect(await prefix(1, of: latest).map(\.count) == [5])
  }

  @Test func droppingAnUnreadSequenceDetachesItsObserver() {
    let store = ReactorStore(CounterReactor())

    withExtendedLifetime(store.states) {
      #expect(store.storage.observerCount == 1)
    }

    #expect(store.storage.observerCount == 0)
  }

  // MARK: - observe

  @Test func observeGetsTheCurrentStateThenEveryChangeBeforeSendReturns() {
    let store = ReactorStore(CounterReactor())
    store.send(.set(5))
    let seen = RuntimeLock<[Int]>([])

    let observation = store.observe { state in seen.withLock { $0.append(state.count) } }
    #expect(seen.withLock { $0 } == [5])
    store.send(.increase)
    #expect(seen.withLock { $0 } == [5, 6])
    store.send(.set(6))
    #expect(seen.withLock { $0 } == [5, 6, 6])

    observation.cancel()
    store.send(.increase)
    #expect(seen.withLock { $0 } == [5, 6, 6])
  }

  @Test func anActionSentByAnObserverIsProcessedAfterTheCurrentOne() {
    let store = ReactorStore(CounterReactor())
    let seen = RuntimeLock<[Int]>([])
    // Sends once, on the first state past 0: queued, then processed before `send` returns.
    let observation = store.observe { [weak store] state in
      seen.withLock { $0.append(state.count) }
      if state.count == 1 { store?.send(.set(100)) }
    }

    store.send(.increase)

    #expect(seen.withLock { $0 } == [0, 1, 100])
    #expect(store.currentState.count == 100)
    withExtendedLifetime(observation) {}
  }

  @Test func anActionSentFromTheFirstCallIsProcessedToo() {
    let store = ReactorStore(CounterReactor())
    let seen = RuntimeLock<[Int]>([])

    let observation = store.observe { [weak store] state in
      seen.withLock { $0.append(state.count) }
      if state.count == 0 { store?.send(.set(7)) }
    }

    #expect(seen.withLock { $0 } == [0, 7])
    #expect(store.currentState.count == 7)
    withExtendedLifetime(observation) {}
  }

  @Test func releasingTheObservationStopsIt() {
    let store = ReactorStore(CounterReactor())
    let calls = RuntimeLock(0)
    do {
      let observation = store.observe { _ in calls.withLock { $0 += 1 } }
      store.send(.increase)
      #expect(calls.withLock { $0 } == 2)
      withExtendedLifetime(observation) {}
    }

    store.send(.increase)

    #expect(calls.withLock { $0 } == 2)
  }
}
