import ConcurrencyTestSupport
import Clocks
import OctoreactCore
import OctoreactTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ReactorStoreReleaseTests {
  @Test func storeWithASleepingEffectIsDeallocatedWhenDropped() async {
    let clock = TestClock()
    let probe = Probe<String>()
    var store: ReactorStore<LogReactor>? = ReactorStore(LogReactor { _, _ in
      .run { send in
        probe.record("sleeping")
        do {
          try await clock.sleep(for: .seconds(10))
          probe.record("woke")
        } catch {
          probe.record("cancelled: \(error is CancellationError)")
        }
      }
    })
    store?.send("go")
    await probe.wait(for: "sleeping")
    await clock.waitForSleeper()
    #expect(store?.runningTaskCount == 1)

    weak let released = store
    store = nil

    #expect(released == nil)
    await probe.wait(for: "cancelled: true")
    #expect(!probe.events.contains("woke"))
  }

  @Test func releasingTheStoreEndsItsStateSequences() async throws {
    let clock = TestClock()
    let probe = Probe<String>()
    var store: ReactorStore<LogReactor>? = ReactorStore(LogReactor { action, _ in
      .concat(
        .just(action),
        .run { _ in
          probe.record("sleeping")
          try? await clock.sleep(for: .seconds(10))
        }
      )
    })
    let states = try #require(store?.states)
    let latestStates = try #require(store?.latestStates)
    store?.send("go")
    await probe.wait(for: "sleeping")

    store = nil

    var all: [[String]] = []
    for await state in states { all.append(state) }
    var latest: [[String]] = []
    for await state in latestStates { latest.append(state) }
    #expect(all == [[], ["go"]])
    #expect(latest == [["go"]])
  }

  @Test func effectIgnoringCancellationCannotDeliverAfterRelease() async throws {
    let probe = Probe<String>()
    let gate = Gate()
    var store: ReactorStore<LogReactor>? = ReactorStore(LogReactor { _, _ in
      .run { send in
        probe.record("waiting")
        await gate.wait()
        probe.record("isCancelled: \(send.isCancelled)")
        send("too late")
        probe.record("sent")
      }
    })
    let states = try #require(store?.states)
    store?.send("go")
    await probe.wait(for: "waiting")

    store = nil
    gate.open()
    await probe.wait(for: "sent")

    var all: [[String]] = []
    for await state in states { all.append(state) }
    #expect(all == [[]])
    #expect(probe.events == ["waiting", "isCancelled: true", "sent"])
  }

  @Test func releasingTheStoreCancelsEveryTask() async {
    let clock = TestClock()
    let probe = Probe<String>()
    var store: ReactorStore<LogReactor>? = ReactorStore(LogReactor { action, _ in
      .run { _ in
        probe.record("\(action) sleeping")
        do {
          try await clock.sleep(for: .seconds(10))
        } catch {
          probe.record("\(action) cancelled")
        }
      }
    })
    for name in ["a", "b", "c"] { store?.send(name) }
    for name in ["a", "b", "c"] { await probe.wait(for: "\(name) sleeping") }
    #expect(store?.runningTaskCount == 3)

    store = nil

    for name in ["a", "b", "c"] { await probe.wait(for: "\(name) cancelled") }
  }

  @Test func runningTaskCountReturnsToZeroAfterEffectsComplete() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let gates = ["a": Gate(), "b": Gate()]
    let store = ReactorStore(LogReactor { action, _ in
      .run { send in
        probe.record("\(action) waiting")
        await gates[action]?.wait()
        send(action)
      }
    })
    let recorder = store.record(clock: clock)
    #expect(store.runningTaskCount == 0)

    store.send("a")
    store.send("b")
    #expect(store.runningTaskCount == 2)

    gates["a"]?.open()
    await recorder.waitFor { $0 == ["a"] }
    gates["b"]?.open()
    await recorder.waitFor { $0 == ["a", "b"] }
    // A task is forgotten right after its work returns, which nothing announces: poll.
    await yieldUntil { store.runningTaskCount == 0 }
    #expect(store.runningTaskCount == 0)
  }

  @Test func synchronousEffectsStartNoTask() {
    let store = ReactorStore(LogReactor { action, _ in .concat(.just(action), .merge(.none, .just("!"))) })

    store.send("go")

    #expect(store.runningTaskCount == 0)
  }
}
