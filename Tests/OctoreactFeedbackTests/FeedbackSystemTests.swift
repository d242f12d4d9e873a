import Clocks
import ConcurrencyTestSupport
import Dispatch
import OctoreactFeedback
import OctoreactCore
import OctoreactTesting
import Testing

/// A feedback system's loop: events reduced in order, effects derived from the state, started,
/// kept and cancelled as their request comes, stays and goes.
@Suite(.timeLimit(.minutes(1)))
struct FeedbackSystemTests {
  /// A state with a request for each loop kind and a log of the events reduced.
  struct State: Sendable, Equatable {
    var log: [String] = []
    var request: String?
    var requests: Set<String> = []
  }

  enum Event: Sendable, Equatable {
    case append(String)
    case ask(String?)
    case askAll(Set<String>)
    case answered(String)
  }

  static func reduce(_ state: State, _ event: Event) -> State {
    var state = state
    switch event {
    case .append(let text): state.log.append(text)
    case .ask(let request): state.request = request
    case .askAll(let requests): state.requests = requests
    case .answered(let text):
      state.log.append(text)
      state.request = nil
    }
    return state
  }

  @Test func sendReducesTheEventBeforeItReturns() {
    let system = FeedbackSystem<State, Event>(initialState: State(), reduce: Self.reduce, feedback: [])
    system.send(.append("a"))
    system.send(.append("b"))
    #expect(system.currentState.log == ["a", "b"])
  }

  @Test func observersGetTheCurrentStateFirstThenEveryChange() {
    let system = FeedbackSystem<State, Event>(initialState: State(log: ["initial"]), reduce: Self.reduce, feedback: [])
    system.send(.append("a"))
    let seen = Probe<[String]>()
    let observation = system.observe { state in seen.record(state.log) }
    system.send(.append("b"))
    system.send(.append("c"))
    observation.cancel()
    system.send(.append("d"))
    #expect(seen.events == [["initial", "a"], ["initial", "a", "b"], ["initial", "a", "b", "c"]])
  }

  @Test func anEffectStartsForTheInitialStatesRequest() async {
    let probe = Probe<String>()
    let system = FeedbackSystem<State, Event>(
      initialState: State(request: "first"), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        send(.answered("answer to \(request)"))
      }
    )
    await probe.wait(for: "started first")
    let answered = await system.states.first { $0.log == ["answer to first"] }
    #expect(answered?.request == nil)
  }

  @Test func anUnchangedRequestKeepsItsEffectRunning() async {
    let probe = Probe<String>()
    let gate = Gate()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        await gate.wait()
        send(.answered(request))
      }
    )
    system.send(.ask("a"))
    await probe.wait(for: "started a")
    system.send(.append("unrelated"))
    system.send(.ask("a"))
    gate.open()
    _ = await system.states.first { $0.log.contains("a") }
    #expect(probe.events == ["started a"])
  }

  @Test func aChangedRequestCancelsTheRunningEffectAndStartsANewerOne() async {
    let probe = Probe<String>()
    let clock = TestClock()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        do {
          try await clock.sleep(for: .seconds(1))
          send(.answered(request))
        } catch {
          probe.record("cancelled \(request)")
        }
      }
    )
    system.send(.ask("a"))
    await probe.wait(for: "started a")
    system.send(.ask("b"))
    await probe.wait(for: "cancelled a")
    await probe.wait(for: "started b")
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(1))
    let answered = await system.states.first { !$0.log.isEmpty }
    #expect(answered?.log == ["b"])
  }

  @Test func aRequestThatBecomesNilCancelsItsEffect() async {
    let probe = Probe<String>()
    let clock = TestClock()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        do {
          try await clock.sleep(for: .seconds(1))
          send(.answered(request))
        } catch {
          probe.record("cancelled \(request)")
        }
      }
    )
    system.send(.ask("a"))
    await probe.wait(for: "started a")
    #expect(system.liveEffectCount == 1)
    system.send(.ask(nil))
    #expect(system.liveEffectCount == 0)
    await probe.wait(for: "cancelled a")
    await clock.run()
    #expect(system.currentState.log.isEmpty)
  }

  @Test func aCancelledEffectNeverDeliversEvenIfItIgnoresCancellation() async {
    let probe = Probe<String>()
    let gates = ["a": Gate(), "b": Gate()]
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        await gates[request]?.wait()  // ignores cancellation
        send(.answered(request))
        probe.record("sent \(request)")
      }
    )
    system.send(.ask("a"))
    await probe.wait(for: "started a")
    system.send(.ask("b"))
    await probe.wait(for: "started b")
    gates["a"]?.open()
    await probe.wait(for: "sent a")
    #expect(system.currentState.log.isEmpty)
    gates["b"]?.open()
    let answered = await system.states.first { !$0.log.isEmpty }
    #expect(answered?.log == ["b"])
  }

  /// The effect sends before it is cancelled, but its event is queued behind the event that cancels
  /// it: the task was not cancelled yet when it sent, so only the generation check can drop it.
  @Test func anEventSentJustBeforeItsEffectWasCancelledIsDropped() async {
    let probe = Probe<String>()
    let go = Gate()
    let aSent = DispatchSemaphore(value: 0)
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("started \(request)")
        await go.wait()
        send(.answered(request))
        if request == "a" { aSent.signal() }
      }
    )
    system.send(.ask("a"))
    await probe.wait(for: "started a")
    // On a thread of its own, which processes the system: its observer asks for "b" (queued), lets
    // "a" answer (queued behind it, the task not cancelled yet) and waits until it has.
    let observation = system.observe { [system] state in
      guard state.log == ["trigger"], state.request == "a" else { return }
      system.send(.ask("b"))
      go.open()
      aSent.wait()
    }
    await onThreads(1) { _ in system.send(.append("trigger")) }
    let answered = await system.states.first { $0.log.count == 2 }
    #expect(answered?.log == ["trigger", "b"])
    observation.cancel()
  }

  @Test func eachRequestOfASetIsStartedAndCancelledOnItsOwn() async {
    let probe = Probe<String>()
    let clock = TestClock()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(requests: { $0.requests }) { request, send in
        probe.record("started \(request)")
        do {
          try await clock.sleep(for: .seconds(1))
          send(.append(request))
        } catch {
          probe.record("cancelled \(request)")
        }
      }
    )
    system.send(.askAll(["a", "b"]))
    await probe.wait(for: "started a")
    await probe.wait(for: "started b")
    system.send(.askAll(["b", "c"]))
    await probe.wait(for: "cancelled a")
    await probe.wait(for: "started c")
    #expect(system.liveEffectCount == 2)
    while system.currentState.log.count < 2 { await clock.advance(by: .seconds(1)) }
    #expect(Set(system.currentState.log) == ["b", "c"])
    #expect(!probe.events.contains("cancelled b"))
    #expect(probe.events.filter { $0.hasPrefix("started") }.count == 3)
  }

  @Test func effectsTakeTheirTimeFromTheInjectedClock() async {
    let clock = TestClock()
    let probe = Probe<String>()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        probe.record("sleeping")
        try? await clock.sleep(for: .milliseconds(300))
        send(.answered(request))
      }
    )
    let recorder = StateRecorder(system.states, clock: clock)
    system.send(.ask("a"))
    await probe.wait(for: "sleeping")
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(299))
    #expect(system.currentState.log.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await recorder.first { !$0.log.isEmpty }
    #expect(recorder.timeline.first { !$0.value.log.isEmpty }?.time == .milliseconds(300))
  }

  @Test func observersMayReadTheStateAndObserversAndEffectsMaySend() async {
    let probe = Probe<String>()
    let system = FeedbackSystem<State, Event>(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { request, send in
        send(.append("effect saw \(request)"))
        send(.answered(request))
      }
    )
    // The observer answers "ping" with "pong" and reads the state it was given and the current one.
    let observation = system.observe { [system] state in
      probe.record("observer read \(system.currentState.log.count >= state.log.count)")
      if state.log.last == "ping" { system.send(.append("pong")) }
    }
    system.send(.append("ping"))
    #expect(system.currentState.log == ["ping", "pong"])
    system.send(.ask("x"))
    let answered = await system.states.first { $0.log.last == "x" }
    #expect(answered?.log == ["ping", "pong", "effect saw x", "x"])
    #expect(!probe.events.contains("observer read false"))
    observation.cancel()
  }

  @Test func releasingTheSystemCancelsItsEffectsAndEndsItsStates() async throws {
    let clock = TestClock()
    let probe = Probe<String>()
    var system: FeedbackSystem<State, Event>? = FeedbackSystem(
      initialState: State(), reduce: Self.reduce,
      feedback: .react(request: { $0.request }) { _, _ in
        probe.record("sleeping")
        do { try await clock.sleep(for: .seconds(10)) } catch { probe.record("cancelled") }
      }
    )
    let states = try #require(system?.states)
    system?.send(.ask("a"))
    await probe.wait(for: "sleeping")
    weak let released = system
    system = nil
    #expect(released == nil)
    await probe.wait(for: "cancelled")
    var all: [State] = []
    for await state in states { all.append(state) }
    #expect(all.map(\.request) == [nil, "a"])
  }

  @Test func eventsSentFromManyThreadsAreAllReducedInOrderPerThread() async {
    let system = FeedbackSystem<State, Event>(initialState: State(), reduce: Self.reduce, feedback: [])
    await onThreads(2) { thread in
      for index in 0..<1_000 { system.send(.append("\(thread):\(index)")) }
    }
    let log = system.currentState.log
    #expect(log.count == 2_000)
    for thread in 0..<2 {
      #expect(log.filter { $0.hasPrefix("\(thread):") } == (0..<1_000).map { "\(thread):\($0)" })
    }
  }
}
