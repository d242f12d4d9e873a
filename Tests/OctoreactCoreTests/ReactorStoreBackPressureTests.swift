import ConcurrencyTestSupport
import Dispatch
@testable import OctoreactCore
import Testing

/// The queue's back-pressure on real threads, with small limits: a sender that outpaces the drainer
/// waits, and nothing that processes a store ever waits (no sleeps; a hang fails on the time limit).
@Suite(.timeLimit(.minutes(1)))
struct ReactorStoreBackPressureTests {
  /// Before back-pressure, the flooding thread's sends all returned at once and the queue grew to
  /// thousands of items while the draining thread worked through them.
  @Test func aSenderThatOutpacesTheDrainingThreadWaitsInsteadOfGrowingTheQueue() async {
    let limit = 8
    let floods = 5_000
    let store = ReactorStore(CounterReactor(), queueLimit: limit)
    let storage = store.storage
    let peak = RuntimeLock(0)
    let inOrder = RuntimeLock((last: -1, isInOrder: true))
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let inDrainContext = DispatchSemaphore(value: 0)
    let observation = store.observe { state in
      inOrder.withLock { $0 = (state.count, $0.isInOrder && state.count == $0.last + 1) }
      if state.count == 1 {
        holding.signal()  // thread 0 drains, held here while thread 1 fills the queue to the limit
        release.wait()
      }
      if state.count == 2 { inDrainContext.signal() }  // the first item after the queue met its limit
      // A slow observer: far slower than a send that only queues.
      for _ in 0..<50 { peak.withLock { $0 = max($0, storage.pendingCount) } }
    }

    await onThreads(2) { thread in
      if thread == 0 {
        store.send(.increase)
      } else {
        holding.wait()
        for _ in 0..<limit { store.send(.increase) }
        release.signal()
        inDrainContext.wait()
        for _ in 0..<floods { store.send(.increase) }
      }
    }

    #expect(store.currentState.count == 1 + limit + floods)
    #expect(inOrder.withLock { $0 } == (1 + limit + floods, true))
    // The limit, plus the item of the one sender waiting.
    #expect(peak.withLock { $0 } <= limit + 1)
    withExtendedLifetime(observation) {}
  }

  /// The drainer runs its observers in the drain context: its own sends never wait for itself.
  @Test func anObserverFloodingItsOwnStorePastTheLimitDoesNotWaitForItself() async {
    let store = ReactorStore(CounterReactor(), queueLimit: 4)
    let observation = store.observe { [weak store] state in
      if state.count > 0, state.count <= 10 {
        for _ in 0..<10 { store?.send(.increase) }
      }
    }

    store.send(.increase)

    #expect(store.currentState.count == 1 + 10 * 10)
    withExtendedLifetime(observation) {}
  }

  /// Each thread floods one store; each store's observer forwards to the other: the waits of a
  /// sender outside any drain never close into a cycle.
  @Test func twoStoresFeedingEachOtherFromTwoFloodingThreadsNeitherDeadlockNorLoseAnything() async {
    let sends = 20_000
    let first = ReactorStore(RelayReactor(), queueLimit: 4)
    let second = ReactorStore(RelayReactor(), queueLimit: 4)
    let forward = first.observe { [weak second] state in
      if state.lastWasExternal { second?.send(.forwarded) }
    }
    let back = second.observe { [weak first] state in
      if state.lastWasExternal { first?.send(.forwarded) }
    }

    await onThreads(2) { thread in
      let target = thread == 0 ? first : second
      for _ in 0..<sends { target.send(.external) }
    }

    #expect(first.currentState.count == 2 * sends)
    #expect(second.currentState.count == 2 * sends)
    #expect(first.storage.pendingCount == 0)
    withExtendedLifetime((forward, back)) {}
  }
}
