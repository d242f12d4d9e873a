import Clocks
import ConcurrencyTestSupport
import OctoreactCore
import OctoreactTesting
import Testing

private enum SearchEvent: Sendable, Equatable {
  case started(String, isCancelled: Bool)
  case sleeping(String)
  case sleepCancelled(String)
  case answering(String, isCancelled: Bool)
  case answered(String)
}

/// Search-as-you-type: each query looks up its answer in an effect under one cancellation id.
/// `lookUp` is the "server": each test decides how long it takes and whether it honours
/// cancellation. `results` keeps every answer ever applied, so a stale one cannot hide.
private struct SearchReactor: Reactor {
  enum Action: Sendable {
    case search(String)
    case stop
  }

  enum Mutation: Sendable {
    case setQuery(String)
    case addResult(String)
  }

  struct State: Sendable, Equatable {
    var query = ""
    var results: [String] = []
  }

  enum CancelID { case search }

  /// How the query and its lookup are combined: `concat` is the shape of the documentation's
  /// example (Effect.swift:14-21).
  enum Composition { case concat, merge }

  var composition = Composition.concat
  var cancelInFlight = true
  let probe: Probe<SearchEvent>
  let lookUp: @Sendable (String) async -> Void

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .search(let query):
      let answer = Effect<Mutation>.run { [probe, lookUp] send in
        probe.record(.started(query, isCancelled: send.isCancelled))
        await lookUp(query)
        probe.record(.answering(query, isCancelled: send.isCancelled))
        send(.addResult(query))
        probe.record(.answered(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: cancelInFlight)
      return switch composition {
      case .concat: .concat(.just(.setQuery(query)), answer)
      case .merge: .merge(.just(.setQuery(query)), answer)
      }
    case .stop:
      return .cancel(id: CancelID.search)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .addResult(let result): state.results.append(result)
    }
    return state
  }
}

/// One gate per query: the lookup of a query returns when its gate opens, cancelled or not.
private struct Gates: Sendable {
  let gates: [String: Gate]

  init(_ queries: String...) {
    gates = Dictionary(uniqueKeysWithValues: queries.map { ($0, Gate()) })
  }

  subscript(query: String) -> Gate { gates[query]! }

  func wait(_ query: String) async { await self[query].wait() }
}

@Suite(.timeLimit(.minutes(1)))
struct EffectCancellationTests {
  // MARK: - cancelInFlight

  @Test func newerEffectCancelsTheOlderOneInFlight() async {
    let probe = Probe<SearchEvent>()
    let gates = Gates("a", "ab")
    let store = ReactorStore(SearchReactor(probe: probe, lookUp: gates.wait))

    store.send(.search("a"))
    await probe.wait(for: .started("a", isCancelled: false))
    #expect(store.runningTaskCount == 1)

    store.send(.search("ab"))
    await probe.wait(for: .started("ab", isCancelled: false))
    // The older task can no longer deliver, but its lookup ignores cancellation and still runs:
    // it is live no more, and still counted as running until it returns.
    #expect(store.liveTaskCount == 1)
    #expect(store.runningTaskCount == 2)

    gates["ab"].open()
    await probe.wait(for: .answered("ab"))
    #expect(store.currentState.results == ["ab"])

    gates["a"].open()
    await probe.wait(for: .answered("a"))
    #expect(probe.events.contains(.answering("a", isCancelled: true)))
    #expect(store.currentState == SearchReactor.State(query: "ab", results: ["ab"]))
  }

  @Test func olderSlowerAnswerArrivingAfterTheNewerOneIsNeverAppliedEvenWhenWorkIgnoresCancellation() async {
    let clock = TestClock()
    let probe = Probe<SearchEvent>()
    let store = ReactorStore(
      SearchReactor(probe: probe) { query in
        guard query == "a" else { return }  // "ab" answers at once
        // An unstructured task does not inherit cancellation: this lookup always takes 300 ms.
        await Task {
          probe.record(.sleeping(query))
          try? await clock.sleep(for: .milliseconds(300))
        }.value
      }
    )
    let recorder = store.record(clock: clock)

    store.send(.search("a"))
    await probe.wait(for: .sleeping("a"))
    await clock.waitForSleeper()

    store.send(.search("ab"))
    await probe.wait(for: .answered("ab"))
    #expect(store.currentState.results == ["ab"])

    await clock.advance(by: .milliseconds(300))
    await probe.wait(for: .answered("a"))

    #expect(probe.events.contains(.answering("a", isCancelled: true)))
    #expect(store.currentState == SearchReactor.State(query: "ab", results: ["ab"]))
    #expect(!recorder.values.contains { $0.results.contains("a") })
  }

  @Test func answerSentAfterSwallowingCancellationErrorIsDropped() async {
    let clock = TestClock()
    let probe = Probe<SearchEvent>()
    let store = ReactorStore(
      SearchReactor(probe: probe) { query in
        probe.record(.sleeping(query))
        do {
          try await clock.sleep(for: .milliseconds(100))
        } catch {
          probe.record(.sleepCancelled(query))  // …and carry on to `send` as if nothing happened.
        }
      }
    )
    let recorder = store.record(clock: clock)

    store.send(.search("a"))
    await probe.wait(for: .sleeping("a"))
    await clock.waitForSleeper()

    store.send(.search("ab"))
    await probe.wait(for: .sleepCancelled("a"))
    await probe.wait(for: .answered("a"))
    #expect(store.currentState.results == [])

    await probe.wait(for: .sleeping("ab"))
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(100))

    await recorder.waitFor { !$0.results.isEmpty }
    #expect(store.currentState == SearchReactor.State(query: "ab", results: ["ab"]))
    #expect(!probe.events.contains(.sleepCancelled("ab")))
  }

  @Test func sendIsCancelledBecomesTrueOnceTheEffectIsCancelled() async {
    let probe = Probe<SearchEvent>()
    let gates = Gates("a", "ab")
    let store = ReactorStore(SearchReactor(probe: probe, lookUp: gates.wait))

    store.send(.search("a"))
    await probe.wait(for: .started("a", isCancelled: false))
    store.send(.search("ab"))
    await probe.wait(for: .started("ab", isCancelled: false))
    gates["a"].open()

    await probe.wait(for: .answered("a"))
    #expect(probe.events.contains(.answering("a", isCancelled: true)))

    gates["ab"].open()
    await probe.wait(for: .answered("ab"))
    #expect(probe.events.contains(.answering("ab", isCancelled: false)))
  }

  @Test func withoutCancelInFlightEveryAnswerLands() async {
    let probe = Probe<SearchEvent>()
    let gates = Gates("a", "ab")
    let store = ReactorStore(SearchReactor(cancelInFlight: false, probe: probe, lookUp: gates.wait))

    store.send(.search("a"))
    store.send(.search("ab"))
    #expect(store.runningTaskCount == 2)

    gates["ab"].open()
    await probe.wait(for: .answered("ab"))
    gates["a"].open()
    await probe.wait(for: .answered("a"))

    #expect(store.currentState.results == ["ab", "a"])
  }

  // MARK: - cancel(id:)

  @Test func cancelStopsTheEffectInFlight() async {
    let probe = Probe<SearchEvent>()
    let gates = Gates("a")
    let store = ReactorStore(SearchReactor(probe: probe, lookUp: gates.wait))

    store.send(.search("a"))
    await probe.wait(for: .started("a", isCancelled: false))
    store.send(.stop)
    #expect(store.liveTaskCount == 0)

    gates["a"].open()
    await probe.wait(for: .answered("a"))
    #expect(probe.events.contains(.answering("a", isCancelled: true)))
    #expect(store.currentState == SearchReactor.State(query: "a", results: []))
  }

  @Test func cancelStopsEveryEffectUnderItsID() async {
    let probe = Probe<SearchEvent>()
    let gates = Gates("a", "ab")
    let store = ReactorStore(SearchReactor(cancelInFlight: false, probe: probe, lookUp: gates.wait))

    store.send(.search("a"))
    store.send(.search("ab"))
    await probe.wait(for: .started("a", isCancelled: false))
    await probe.wait(for: .started("ab", isCancelled: false))
    store.send(.stop)
    #expect(store.liveTaskCount == 0)

    gates["a"].open()
    gates["ab"].open()
    await probe.wait(for: .answered("a"))
    await probe.wait(for: .answered("ab"))
    #expect(store.currentState.results == [])
  }

  @Test func cancelledSleepingEffectObservesCancellation() async {
    let clock = TestClock()
    let probe = Probe<SearchEvent>()
    let store = ReactorStore(
      SearchReactor(probe: probe) { query in
        probe.record(.sleeping(query))
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          probe.record(.sleepCancelled(query))
        }
      }
    )

    store.send(.search("a"))
    await probe.wait(for: .sleeping("a"))
    store.send(.stop)

    await probe.wait(for: .sleepCancelled("a"))
  }

  @Test func cancelLeavesEffectsUnderOtherIDsRunning() async {
    let probe = Probe<String>()
    let gates = Gates("x", "y")
    let store = ReactorStore(LogReactor { action, _ in
      if action.hasPrefix("cancel ") { return .cancel(id: String(action.dropFirst("cancel ".count))) }
      return .run { send in
        await gates.wait(action)
        send(action)
        probe.record(action)
      }
      .cancellable(id: action)
    })

    store.send("x")
    store.send("y")
    store.send("cancel x")
    // Only "y" may still deliver. (`runningTaskCount` may still count "x": if its task had started,
    // its body waits at its gate, which ignores cancellation, until the gate opens.)
    #expect(store.liveTaskCount == 1)

    gates["x"].open()
    gates["y"].open()
    // "x" was cancelled: whether its task had started or not, it never delivers; "y" answers.
    await probe.wait(for: "y")
    #expect(store.currentState == ["y"])
  }

  @Test func cancelInsideAnEffectStopsTheOthersButNotItself() async {
    let probe = Probe<String>()
    let gates = Gates("x", "y")
    let store = ReactorStore(LogReactor { action, _ in
      switch action {
      case "y":
        return .run { send in
          await gates.wait("y")
          send("y")
          probe.record("y sent")
        }
        .cancellable(id: "job")
      default:
        return .concat(
          .run { _ in await gates.wait("x") },
          .cancel(id: "job"),
          .run { send in
            send("x")
            probe.record("x sent")
          }
        )
        .cancellable(id: "job")
      }
    })
    store.send("y")
    store.send("x")
    #expect(store.runningTaskCount == 2)

    gates["x"].open()
    await probe.wait(for: "x sent")
    gates["y"].open()
    await probe.wait(for: "y sent")

    #expect(store.currentState == ["x"])
  }

  @Test func cancellableStartedInsideARunningEffectCancelsTheOlderOne() async {
    let probe = Probe<String>()
    let gates = Gates("k1", "k2")
    let store = ReactorStore(LogReactor { action, _ in
      // The cancellable part starts only after a first asynchronous step, inside the effect's task.
      .concat(
        .run { _ in probe.record("\(action) first step") },
        .run { send in
          probe.record("\(action) waiting")
          await gates.wait(action)
          send(action)
          probe.record("\(action) sent")
        }
        .cancellable(id: "k", cancelInFlight: true)
      )
    })

    store.send("k1")
    await probe.wait(for: "k1 waiting")
    store.send("k2")
    await probe.wait(for: "k2 waiting")

    gates["k1"].open()
    await probe.wait(for: "k1 sent")
    gates["k2"].open()
    await probe.wait(for: "k2 sent")

    #expect(store.currentState == ["k2"])
  }
}

extension EffectCancellationTests {
  /// What a cancellation does between `send` returning and the effect's task first running.
  ///
  /// `ReactorStorage.perform` hands a `concat`'s steps, from the first asynchronous one on, to a new
  /// task, *including* their `.cancellable` wrappers. Their identifiers must be registered, and
  /// `cancelInFlight` applied, when that task is created, not when it first runs. These tests park
  /// the cooperative pool so the task cannot start in between, which makes the window deterministic.
  @Suite(.serialized, .timeLimit(.minutes(1)))
  struct BeforeTheEffectTaskStarts {
    @Test func cancellableEffectOutsideConcatIsCancellableAsSoonAsSendReturns() async throws {
      let probe = Probe<SearchEvent>()
      let gates = Gates("a")
      let store = ReactorStore(SearchReactor(composition: .merge, probe: probe, lookUp: gates.wait))

      let runningAfterStop = try #require(
        CooperativePool.whileParked {
          store.send(.search("a"))
          store.send(.stop)
          return store.runningTaskCount
        }
      )
      gates["a"].open()
      // Cancelled before it started, the effect's task never runs its lookup: there is no answer to
      // wait for. Give its task every chance to run (and, were it broken, to deliver) before looking.
      for _ in 0..<200 { await Task.yield() }

      #expect(runningAfterStop == 0)
      #expect(store.currentState == SearchReactor.State(query: "a", results: []))
    }

    @Test func cancelSentRightAfterTheActionCancelsTheConcatenatedEffect() async throws {
      let probe = Probe<SearchEvent>()
      let gates = Gates("a")
      let store = ReactorStore(SearchReactor(probe: probe, lookUp: gates.wait))

      let runningAfterStop = try #require(
        CooperativePool.whileParked {
          store.send(.search("a"))
          store.send(.stop)
          return store.runningTaskCount
        }
      )
      gates["a"].open()
      // Cancelled before it started, the concatenation never runs its lookup: there is no answer to
      // wait for. Give its task every chance to run (and, were it broken, to deliver) before looking.
      for _ in 0..<200 { await Task.yield() }

      #expect(runningAfterStop == 0)
      #expect(store.currentState == SearchReactor.State(query: "a", results: []))
    }

    @Test func olderAnswerArrivingRightAfterTheNewerActionIsDropped() async throws {
      let probe = Probe<String>()
      let gates = Gates("a", "ab")
      let sends = RuntimeLock<[String: Send<String>]>([:])
      let store = ReactorStore(LogReactor { query, _ in
        // The documentation's search-as-you-type shape.
        .concat(
          .just("query \(query)"),
          .run { send in
            sends.withLock { $0[query] = send }
            probe.record("\(query) started")
            await gates.wait(query)
            probe.record("\(query) answered")
          }
          .cancellable(id: "search", cancelInFlight: true)
        )
      })
      store.send("a")
      await probe.wait(for: "a started")
      let olderSend = try #require(sends.withLock { $0["a"] })

      let seen = try #require(
        CooperativePool.whileParked {
          store.send("ab")
          // The older lookup's answer arrives now, as it could from its own thread at any moment.
          olderSend("result a")
          return (isCancelled: olderSend.isCancelled, log: store.currentState)
        }
      )
      gates["a"].open()
      gates["ab"].open()
      await probe.wait(for: "ab answered")

      #expect(seen.isCancelled)
      #expect(seen.log == ["query a", "query ab"])
    }
  }
}
