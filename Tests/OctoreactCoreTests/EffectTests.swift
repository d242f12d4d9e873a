import ConcurrencyTestSupport
import Clocks
@testable import OctoreactCore
import OctoreactTesting
import Testing

private struct Boom: Error, Equatable {
  let reason: String
}

@Suite(.timeLimit(.minutes(1)))
struct EffectTests {
  // MARK: - run(_:catch:)

  @Test func runCatchTurnsAThrownErrorIntoAMutation() async {
    let clock = TestClock()
    let store = ReactorStore(LogReactor { action, _ in
      .run(
        { send in
          send("\(action) started")
          throw Boom(reason: "offline")
        },
        catch: { error in "failed: \((error as? Boom)?.reason ?? "\(error)")" }
      )
    })
    let recorder = store.record(clock: clock)

    store.send("signup")

    await recorder.waitFor { $0.count == 2 }
    #expect(store.currentState == ["signup started", "failed: offline"])
  }

  @Test func runCatchReportsAnErrorThrownAfterAnAwait() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let store = ReactorStore(LogReactor { _, _ in
      .run(
        { _ in
          probe.record("sleeping")
          try await clock.sleep(for: .seconds(1))
          throw Boom(reason: "timeout")
        },
        catch: { _ in "failed" }
      )
    })
    let recorder = store.record(clock: clock)

    store.send("go")
    await probe.wait(for: "sleeping")
    await clock.waitForSleeper()
    #expect(store.currentState == [])

    await clock.advance(by: .seconds(1))
    await recorder.waitFor { !$0.isEmpty }
    #expect(store.currentState == ["failed"])
    #expect(recorder.timeline.last?.time == .seconds(1))
  }

  @Test func cancelledThrowingEffectDoesNotReportCancellationError() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let effect = Effect<String>.run(
      { _ in
        probe.record("sleeping")
        try await clock.sleep(for: .seconds(1))
      },
      catch: { error in
        probe.record("handler called with \(error)")
        return "failed"
      }
    )
    guard case .run(let work) = effect.operation else {
      Issue.record("run(_:catch:) should be a single run operation")
      return
    }

    let task = Task { await work(Send { mutation in probe.record("sent \(mutation)") }) }
    await probe.wait(for: "sleeping")
    task.cancel()
    await task.value

    #expect(probe.events == ["sleeping"])
  }

  @Test func cancellationErrorThrownWithoutCancellationIsReported() async {
    let probe = Probe<String>()
    let effect = Effect<String>.run({ _ in throw CancellationError() }, catch: { _ in "gave up" })
    guard case .run(let work) = effect.operation else {
      Issue.record("run(_:catch:) should be a single run operation")
      return
    }

    await work(Send { mutation in probe.record(mutation) })

    #expect(probe.events == ["gave up"])
  }

  // MARK: - map

  @Test func mapTransformsSynchronousAndAsynchronousMutations() async {
    let clock = TestClock()
    let store = ReactorStore(LogReactor { _, _ in
      Effect<Int>.concat(.just(1), .run { send in send(2) }, .task { 3 })
        .map { "n\($0)" }
    })
    let recorder = store.record(clock: clock)

    store.send("go")
    #expect(store.currentState == ["n1"])

    await recorder.waitFor { $0.count == 3 }
    #expect(store.currentState == ["n1", "n2", "n3"])
  }

  @Test func mappedEffectKeepsItsCancellationAndSeesIsCancelled() async {
    let probe = Probe<String>()
    let gate = Gate()
    let store = ReactorStore(LogReactor { action, _ in
      if action == "stop" { return .cancel(id: "job") }
      return Effect<Int>.run { send in
        probe.record("waiting")
        await gate.wait()
        probe.record("isCancelled: \(send.isCancelled)")
        send(42)
        probe.record("sent")
      }
      .cancellable(id: "job")
      .map { "n\($0)" }
    })

    store.send("go")
    await probe.wait(for: "waiting")
    store.send("stop")
    #expect(store.liveTaskCount == 0)
    gate.open()

    await probe.wait(for: "sent")
    #expect(probe.events == ["waiting", "isCancelled: true", "sent"])
    #expect(store.currentState == [])
  }

  @Test func mapOfNoneAndCancelStaysSynchronous() {
    let mapped = Effect<Int>.merge(.none, .cancel(id: "x"), .just(1)).map { "\($0)" }

    #expect(mapped.isSynchronous)
  }

  // MARK: - isSynchronous

  @Test func effectsWithoutRunAreSynchronous() {
    #expect(Effect<Int>.none.isSynchronous)
    #expect(Effect<Int>.just(1).isSynchronous)
    #expect(Effect<Int>.cancel(id: "x").isSynchronous)
    #expect(Effect<Int>.concat(.just(1), .merge(.just(2), .none)).isSynchronous)
    #expect(Effect<Int>.just(1).cancellable(id: "x", cancelInFlight: true).isSynchronous)
  }

  @Test func effectsContainingRunAreAsynchronous() {
    #expect(!Effect<Int>.run { _ in }.isSynchronous)
    #expect(!Effect<Int>.task { 1 }.isSynchronous)
    #expect(!Effect<Int>.concat(.just(1), .run { _ in }).isSynchronous)
    #expect(!Effect<Int>.merge(.none, .task { 1 }).isSynchronous)
    #expect(!Effect<Int>.run { _ in }.cancellable(id: "x").isSynchronous)
  }
}
