import Clocks
import Dispatch
import Foundation
import ReactorCore
import ReactorTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SendTests {
  @Test func sendMadeFromAClosureForwardsMutationsAndCancellation() {
    let probe = Probe<Int>()
    let cancelled = Send<Int>({ probe.record($0) }, isCancelled: { true })
    let plain = Send<Int> { probe.record($0 * 10) }

    cancelled(1)
    plain(2)

    #expect(probe.events == [1, 20])
    #expect(cancelled.isCancelled)
    #expect(!plain.isCancelled)
  }

  @Test func mutationIsAppliedWhenSendReturns() async {
    let box = StoreBox<LogReactor>()
    let probe = Probe<[String]>()
    let store = box.hold(
      ReactorStore(LogReactor { _, _ in
        .run { send in
          send("one")
          probe.record(box.store?.currentState ?? [])
          send("two")
          probe.record(box.store?.currentState ?? [])
        }
      })
    )

    store.send("go")

    await probe.wait(for: ["one", "two"])
    #expect(probe.events == [["one"], ["one", "two"]])
  }

  /// Send.swift documents: "Calling it is synchronous: the mutation has been applied (or dropped
  /// because the work was cancelled or the store released) when the call returns." While another
  /// thread holds the drain (here: blocked in `reduce`), `ReactorStateMachine.offerMutation` queues
  /// the mutation for that thread and `ReactorStorage.deliver` returns at once, before it is applied.
  @Test func mutationIsAppliedWhenSendReturnsEvenWhileAnotherThreadDrains() async {
    let clock = TestClock()
    let box = StoreBox<LogReactor>()
    let probe = Probe<String>()
    let lateGate = Gate()
    let release = DispatchSemaphore(value: 0)
    var reactor = LogReactor { action, _ in
      guard action == "start late" else { return .just(action) }
      return .run { send in
        await lateGate.wait()
        send("late")
        let isApplied = box.store?.currentState.contains("late") ?? false
        probe.record("send returned, applied: \(isApplied)")
      }
    }
    reactor.onReduce = { mutation in
      guard mutation == "hold" else { return }
      probe.record("holding")
      // Released by the test; the deadline is only a safety net for when the bug is fixed and
      // `send` waits for this thread instead of returning.
      _ = release.wait(timeout: .now() + .seconds(10))
    }
    let store = box.hold(ReactorStore(reactor))
    let recorder = store.record(clock: clock)

    store.send("start late")
    // A thread outside the cooperative pool drains and blocks in `reduce` while holding the drain.
    Thread.detachNewThread { store.send("hold") }
    await probe.wait(for: "holding")
    lateGate.open()
    let returned = await probe.first { $0.hasPrefix("send returned") }
    release.signal()

    withKnownIssue("Send returns before its mutation is applied while another thread drains") {
      #expect(returned == "send returned, applied: true")
    }
    await recorder.first { $0 == ["hold", "late"] }
  }
}
