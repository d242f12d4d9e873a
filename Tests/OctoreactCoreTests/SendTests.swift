import ConcurrencyTestSupport
import Dispatch
import Foundation
import OctoreactCore
import Testing

/// A store where a thread outside the cooperative pool holds the drain, blocked in `reduce` until
/// the test releases it, while an effect sends a mutation.
private struct BlockedDrain {
  let store: ReactorStore<LogReactor>
  let probe = Probe<String>()
  private let lateGate = Gate()
  private let release = DispatchSemaphore(value: 0)

  init() {
    let box = StoreBox<LogReactor>()
    let probe = probe
    let lateGate = lateGate
    let release = release
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
      // The deadline is only a safety net, for when `send` waits for this thread instead of
      // returning: the test then fails instead of hanging.
      _ = release.wait(timeout: .now() + .seconds(50))
    }
    store = box.hold(ReactorStore(reactor))
  }

  /// Starts the effect, then makes another thread take the drain and block in `reduce`.
  func holdDrain() async {
    store.send("start late")
    Thread.detachNewThread { [store, probe] in
      store.send("hold")
      probe.record("hold returned")
    }
    await probe.wait(for: "holding")
  }

  /// Lets the effect send its mutation; returns what it saw when `send` returned.
  func sendLate() async -> String? {
    lateGate.open()
    return await probe.first { $0.hasPrefix("send returned") }
  }

  /// Lets the draining thread finish, and waits until it has.
  func releaseDrain() async {
    release.signal()
    await probe.wait(for: "hold returned")
  }
}

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

  /// While another thread drains, `send` hands the mutation over instead of waiting for the drain
  /// lock, and that thread applies it before it lets go, after what it was processing.
  @Test func mutationSentWhileAnotherThreadDrainsIsAppliedByThatThreadBeforeItLetsGo() async {
    let scene = BlockedDrain()
    await scene.holdDrain()

    let returned = await scene.sendLate()
    #expect(scene.store.currentState == [])  // the drain is still blocked in `reduce`
    await scene.releaseDrain()

    #expect(returned == "send returned, applied: false")
    #expect(scene.store.currentState == ["hold", "late"])
    // The effect ended while the drain was blocked; it left the task table only after its
    // mutation was applied (a task's mutations are applied only while it is in the table).
    await yieldUntil { scene.store.runningTaskCount == 0 }
    #expect(scene.store.currentState == ["hold", "late"])
  }
}
