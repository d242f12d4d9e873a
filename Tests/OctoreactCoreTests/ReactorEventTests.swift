import ConcurrencyTestSupport
import OctoreactCore
import Synchronization
import Testing

/// A lookup per query, latest wins; each lookup returns when the test opens its gate.
private struct LookupReactor: Reactor {
  enum Action: Sendable {
    case search(String)
    case stop
    /// Cancels the lookups from a task, once the gate of `after` opens.
    case stopAfter(String)
    /// Doubles every action (`transform(action:)`): "x" becomes "xx".
    case echo(String)
  }

  enum Mutation: Sendable {
    case setQuery(String)
    case setAnswer(String)
  }

  struct State: Sendable, Equatable {
    var query = ""
    var answer = ""
  }

  private enum CancelID { case lookup }

  let gates: [String: Gate]
  var initialState: State { State() }

  func transform(action: Action) -> Action {
    if case .echo(let text) = action { return .echo(text + text) }
    return action
  }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .search(let query):
      return .concat(
        .just(.setQuery(query)),
        .task { [gates] in
          await gates[query]?.wait()
          return .setAnswer(query)
        }
      )
      .cancellable(id: CancelID.lookup, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.lookup)
    case .stopAfter(let name):
      return .concat(.run { [gates] _ in await gates[name]?.wait() }, .cancel(id: CancelID.lookup))
    case .echo(let text):
      return .just(.setQuery(text))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setAnswer(let answer): state.answer = answer
    }
    return state
  }
}

/// The events a store reports, as lines that tests compare.
private final class EventLog: Sendable {
  let probe = Probe<String>()

  func record(_ event: ReactorEvent<LookupReactor>) {
    probe.record(Self.line(event))
  }

  static func line(_ event: ReactorEvent<LookupReactor>) -> String {
    switch event {
    case .action(let action): "action \(action)"
    case .mutation(let mutation, let effect): "mutation \(mutation) from \(effect?.description ?? "action")"
    case .state(let state): "state \(state.query)/\(state.answer)"
    case .effectStarted(let effect, let action, let cancelIDs):
      "started \(effect) by \(action)" + cancelIDs.map { " under \($0.value)" }.joined()
    case .effectFinished(let effect): "finished \(effect)"
    case .effectCancelled(let effect): "cancelled \(effect)"
    }
  }

  var lines: [String] { probe.events }
}

@Suite(.timeLimit(.minutes(1)))
struct ReactorEventTests {
  @Test func aSupersededLookupIsReportedCancelledAndTheLatestOneFinished() async {
    let gates = ["a": Gate(), "ab": Gate()]
    let log = EventLog()
    let store = ReactorStore(LookupReactor(gates: gates), events: log.record)

    store.send(.search("a"))
    store.send(.search("ab"))
    gates["ab"]!.open()
    await log.probe.wait(for: "finished #1")

    #expect(
      log.lines == [
        "action search(\"a\")",
        "mutation setQuery(\"a\") from action",
        "state a/",
        "started #0 by search(\"a\") under lookup",
        "action search(\"ab\")",
        "cancelled #0",
        "mutation setQuery(\"ab\") from action",
        "state ab/",
        "started #1 by search(\"ab\") under lookup",
        "mutation setAnswer(\"ab\") from #1",
        "state ab/ab",
        "finished #1",
      ])
    // The cancelled lookup answers late: nothing of it is reported, not even its end.
    gates["a"]!.open()
    await yieldUntil { store.runningTaskCount == 0 }
    #expect(log.lines.count == 12)
  }

  @Test func anExplicitCancelIsReportedAndAnActionThatCancelsNothingReportsNoCancellation() async {
    let gates = ["a": Gate()]
    let log = EventLog()
    let store = ReactorStore(LookupReactor(gates: gates), events: log.record)

    store.send(.search("a"))
    store.send(.stop)
    store.send(.stop)

    #expect(log.lines.suffix(3) == ["action stop", "cancelled #0", "action stop"])
    gates["a"]!.open()
  }

  @Test func aCancellationMadeByATaskIsReportedThroughTheQueue() async {
    let gates = ["a": Gate(), "go": Gate()]
    let log = EventLog()
    let store = ReactorStore(LookupReactor(gates: gates), events: log.record)

    store.send(.search("a"))
    store.send(.stopAfter("go"))
    gates["go"]!.open()
    await log.probe.wait(for: "finished #1")

    #expect(
      log.lines.suffix(4) == [
        "action stopAfter(\"go\")",
        "started #1 by stopAfter(\"go\")",
        "cancelled #0",
        "finished #1",
      ])
    gates["a"]!.open()
  }

  @Test func theActionAndMutationAreTheOnesTheReactorSeesAfterItsTransforms() {
    let log = EventLog()
    let store = ReactorStore(LookupReactor(gates: [:]), events: log.record)

    store.send(.echo("x"))

    #expect(log.lines == ["action echo(\"xx\")", "mutation setQuery(\"xx\") from action", "state xx/"])
  }

  @Test func eventsComeWithNoLockHeldSoTheSinkMayReadTheStoreAndSendToIt() {
    let seen = Mutex<[String]>([])
    let box = Mutex<ReactorStore<LookupReactor>?>(nil)
    let store = ReactorStore(LookupReactor(gates: [:])) { event in
      guard case .state(let state) = event, let store = box.withLock({ $0 }) else { return }
      seen.withLock { $0.append(store.currentState.query) }
      if state.query == "xx" { store.send(.echo("y")) }  // queued, processed before the outer send returns
    }
    box.withLock { $0 = store }

    store.send(.echo("x"))

    #expect(seen.withLock { $0 } == ["xx", "yy"])
    box.withLock { $0 = nil }
  }
}
