import ConcurrencyTestSupport
import OctoreactCore
import Synchronization
import Testing

/// Bounded stress across real threads: no sleeps, every action accounted for.
@Suite(.timeLimit(.minutes(2)))
struct ReactorStoreStressTests {
  static let sendsPerThread = 50_000

  @Test func twoThreadsSendingToOneStoreLoseNothingAndObserversSeeEveryStateInOrder() async {
    let store = ReactorStore(CounterReactor())
    let seen = RuntimeLock<(count: Int, inOrder: Bool, last: Int)>((0, true, -1))
    let observation = store.observe { state in
      seen.withLock { seen in
        seen.inOrder = seen.inOrder && state.count == seen.last + 1
        seen.last = state.count
        seen.count += 1
      }
    }

    await onThreads(2) { _ in
      for _ in 0..<Self.sendsPerThread { store.send(.increase) }
    }

    // Every send has returned, so every drain has ended: nothing is left queued.
    #expect(store.currentState.count == 2 * Self.sendsPerThread)
    let (count, inOrder, last) = seen.withLock { $0 }
    #expect(count == 2 * Self.sendsPerThread + 1)
    #expect(inOrder)
    #expect(last == 2 * Self.sendsPerThread)
    withExtendedLifetime(observation) {}
  }

  /// Crashed ("Recursive call to lock Mutex") or deadlocked while observers ran under the stores'
  /// locks: each thread drains one store and, from its observer, sends to the other.
  @Test func twoStoresFeedingEachOtherFromTwoThreadsLoseNothing() async {
    let first = ReactorStore(RelayReactor())
    let second = ReactorStore(RelayReactor())
    let firstCalls = RuntimeLock(0)
    let secondCalls = RuntimeLock(0)
    let forward = first.observe { [weak second] state in
      firstCalls.withLock { $0 += 1 }
      if state.lastWasExternal { second?.send(.forwarded) }
    }
    let back = second.observe { [weak first] state in
      secondCalls.withLock { $0 += 1 }
      if state.lastWasExternal { first?.send(.forwarded) }
    }

    await onThreads(2) { thread in
      let target = thread == 0 ? first : second
      for _ in 0..<Self.sendsPerThread { target.send(.external) }
    }

    #expect(first.currentState.count == 2 * Self.sendsPerThread)
    #expect(second.currentState.count == 2 * Self.sendsPerThread)
    #expect(firstCalls.withLock { $0 } == 2 * Self.sendsPerThread + 1)
    #expect(secondCalls.withLock { $0 } == 2 * Self.sendsPerThread + 1)
    withExtendedLifetime((forward, back)) {}
  }

  @Test func observersAddedAndCancelledFromAnotherThreadSeeGapFreeRuns() async {
    let store = ReactorStore(CounterReactor())
    let gaps = RuntimeLock(0)

    await onThreads(2) { thread in
      if thread == 0 {
        for _ in 0..<Self.sendsPerThread { store.send(.increase) }
      } else {
        for _ in 0..<1_000 {
          // Each observation must see consecutive counts from its first state on.
          let last = RuntimeLock<Int?>(nil)
          let observation = store.observe { state in
            last.withLock { last in
              if let previous = last, state.count != previous + 1 { gaps.withLock { $0 += 1 } }
              last = state.count
            }
          }
          observation.cancel()
        }
      }
    }

    #expect(gaps.withLock { $0 } == 0)
    #expect(store.currentState.count == Self.sendsPerThread)
  }
}
