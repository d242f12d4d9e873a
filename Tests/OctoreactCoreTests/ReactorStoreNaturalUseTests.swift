import ConcurrencyTestSupport
import Dispatch
import Foundation
import OctoreactCore
import Synchronization
import Testing

/// What a ReactorKit user does without thinking: read `currentState` in an observer, send from an
/// observer, compose stores that observe each other, observe from inside an observer. None of it may
/// crash, hang, lose or reorder an action.
@Suite(.timeLimit(.minutes(1)))
struct ReactorStoreNaturalUseTests {
  @Test func anObserverMayReadCurrentState() {
    let store = ReactorStore(CounterReactor())
    let seen = RuntimeLock<[Int]>([])

    let observation = store.observe { [weak store] state in
      // Crashed with "Recursive call to lock Mutex" while observers ran under the store's lock.
      let current = store?.currentState.count ?? -1
      seen.withLock { $0.append(current - state.count) }
    }
    store.send(.increase)
    store.send(.increase)

    // The state the observer is given is the current one when it is called.
    #expect(seen.withLock { $0 } == [0, 0, 0])
    withExtendedLifetime(observation) {}
  }

  @Test func anEffectMayReadCurrentState() async {
    let box = StoreBox<LogReactor>()
    let probe = Probe<[String]>()
    let store = box.hold(
      ReactorStore(LogReactor { action, _ in
        guard action == "go" else { return .just(action) }
        return .run { _ in probe.record(box.store?.currentState ?? []) }
      })
    )

    store.send("before")
    store.send("go")

    #expect(await probe.first { _ in true } == ["before"])
  }

  @Test func anObserverMayStartAndCancelObservationsInsideItsCall() {
    let store = ReactorStore(CounterReactor())
    let seen = RuntimeLock<[String]>([])
    let inner = RuntimeLock<BroadcastObservation?>(nil)

    let outer = store.observe { [weak store] state in
      seen.withLock { $0.append("outer \(state.count)") }
      guard let store else { return }
      if state.count == 1 {
        // Registered through the queue: its first state is the one after the current work.
        let observation = store.observe { state in seen.withLock { $0.append("inner \(state.count)") } }
        inner.withLock { $0 = observation }
      }
      if state.count == 3 { inner.withLock { $0?.cancel() } }
    }
    store.send(.increase)
    store.send(.increase)
    store.send(.increase)
    store.send(.increase)

    #expect(
      seen.withLock { $0 } == [
        "outer 0", "outer 1", "inner 1", "outer 2", "inner 2", "outer 3", "outer 4",
      ]
    )
    withExtendedLifetime(outer) {}
  }

  @Test func anObserverMayCancelItsOwnObservation() {
    let store = ReactorStore(CounterReactor())
    let calls = RuntimeLock(0)
    let slot = RuntimeLock<BroadcastObservation?>(nil)

    let observation = store.observe { state in
      calls.withLock { $0 += 1 }
      if state.count == 1 { slot.withLock { $0?.cancel() } }
    }
    slot.withLock { $0 = observation }
    store.send(.increase)
    store.send(.increase)

    #expect(calls.withLock { $0 } == 2)
  }

  @Test func parentAndChildStoresFeedEachOtherFromTheirObservers() {
    let parent = ReactorStore(CounterReactor())
    let child = ReactorStore(CounterReactor())
    let parentSeen = RuntimeLock<[Int]>([])
    let childSeen = RuntimeLock<[Int]>([])
    // Ping-pong: each store answers the other's count with one more, up to 10.
    let down = parent.observe { [weak child] state in
      parentSeen.withLock { $0.append(state.count) }
      if state.count < 10 { child?.send(.set(state.count + 1)) }
    }
    let up = child.observe { [weak parent] state in
      childSeen.withLock { $0.append(state.count) }
      if state.count < 10 { parent?.send(.set(state.count + 1)) }
    }

    #expect(parentSeen.withLock { $0 } == [0, 2, 4, 6, 8, 10])
    #expect(childSeen.withLock { $0 } == [1, 3, 5, 7, 9])
    withExtendedLifetime((down, up)) {}
  }

  /// A thread blocked in an observer holds the drain; another thread's `send` is queued and returns
  /// at once, and the blocked drainer applies it, in order, before it lets go.
  @Test func aSlowObserverDoesNotStallAnotherThreadsSend() async {
    let store = ReactorStore(CounterReactor())
    let probe = Probe<String>()
    let release = DispatchSemaphore(value: 0)
    let observation = store.observe { state in
      guard state.count == 1 else { return }
      probe.record("observer blocked")
      // Only a safety net, for when another thread's `send` waits for this one: the test then fails.
      _ = release.wait(timeout: .now() + .seconds(50))
    }
    Thread.detachNewThread {
      store.send(.increase)
      probe.record("slow send returned")
    }
    await probe.wait(for: "observer blocked")

    store.send(.set(10))

    #expect(store.currentState.count == 1)  // queued for the blocked drainer, not applied yet
    #expect(!probe.events.contains("slow send returned"))
    release.signal()
    await probe.wait(for: "slow send returned")
    #expect(store.currentState.count == 10)
    withExtendedLifetime(observation) {}
  }

  /// The mutation is queued while the drainer is blocked in an observer; the same action then
  /// cancels the task before the drainer reaches the mutation: it is dropped.
  @Test func aMutationOfATaskCancelledAfterItWasQueuedIsDropped() async {
    let gate = Gate()
    let probe = Probe<String>()
    let store = ReactorStore(LogReactor { action, _ in
      switch action {
      case "start":
        .run { send in
          await gate.wait()
          send("from task")
          probe.record("task sent")
        }
        .cancellable(id: "job")
      case "hold then cancel":
        .concat(.just("hold"), .cancel(id: "job"))
      default:
        .just(action)
      }
    })
    let release = DispatchSemaphore(value: 0)
    let observation = store.observe { state in
      guard state.last == "hold" else { return }
      probe.record("holding")
      _ = release.wait(timeout: .now() + .seconds(50))
    }
    store.send("start")
    Thread.detachNewThread {
      store.send("hold then cancel")
      probe.record("done")
    }
    await probe.wait(for: "holding")

    gate.open()
    await probe.wait(for: "task sent")  // queued for the blocked drainer
    release.signal()
    await probe.wait(for: "done")
    await yieldUntil { store.runningTaskCount == 0 }

    #expect(store.currentState == ["hold"])
    withExtendedLifetime(observation) {}
  }
}
