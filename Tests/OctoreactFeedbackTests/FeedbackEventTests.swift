import ConcurrencyTestSupport
import OctoreactCore
import OctoreactFeedback
import Testing

/// What a system made with an `events` sink reports: its events, states, and each loop's effects
/// started with their request, finished or cancelled.
@Suite(.timeLimit(.minutes(1)))
struct FeedbackEventTests {
  struct State: Sendable, Equatable {
    var name: String?
    var answer: String?
    var pages: Set<Int> = []
  }

  enum Event: Sendable, Equatable {
    case type(String?)
    case answered(String)
    case want(Set<Int>)
  }

  static func reduce(_ state: State, _ event: Event) -> State {
    var state = state
    switch event {
    case .type(let name): state.name = name
    case .answered(let answer): state.answer = answer  // the request stays: its effect finishes
    case .want(let pages): state.pages = pages
    }
    return state
  }

  /// A system whose first loop checks `name` when its gate opens (its request stays after the
  /// answer, so the effect finishes rather than being cancelled), and whose second loop runs an
  /// effect per wanted page that never ends on its own.
  static func system(gates: [String: Gate], log: Probe<String>) -> FeedbackSystem<State, Event> {
    FeedbackSystem(
      initialState: State(),
      reduce: reduce,
      feedback: [
        .react(request: \.name) { name, send in
          await gates[name]?.wait()
          send(.answered(name))
        },
        .react(requests: \.pages) { _, send in
          while !send.isCancelled { await Task.yield() }
        },
      ],
      events: { log.record(line($0)) }
    )
  }

  static func line(_ event: FeedbackEvent<State, Event>) -> String {
    switch event {
    case .event(let event, let effect): "event \(event)" + (effect.map { " from \($0)" } ?? "")
    case .state(let state): "state \(state.name ?? "-")/\(state.answer ?? "-")/\(state.pages.sorted())"
    case .effectStarted(let effect, let request): "started \(effect) for \(request)"
    case .effectFinished(let effect): "finished \(effect)"
    case .effectCancelled(let effect): "cancelled \(effect)"
    }
  }

  @Test func aChangedRequestIsReportedCancelledAndTheNewerEffectsEventAndEndFollow() async {
    let gates = ["a": Gate(), "ab": Gate()]
    let log = Probe<String>()
    let system = Self.system(gates: gates, log: log)

    system.send(.type("a"))
    system.send(.type("ab"))
    gates["ab"]!.open()
    await log.wait(for: "finished 0.2")

    #expect(
      log.events == [
        "state -/-/[]",
        "event type(Optional(\"a\"))",
        "state a/-/[]",
        "started 0.1 for a",
        "event type(Optional(\"ab\"))",
        "state ab/-/[]",
        "cancelled 0.1",
        "started 0.2 for ab",
        "event answered(\"ab\") from 0.2",
        "state ab/ab/[]",
        "finished 0.2",
      ])
    // The cancelled check answers late: its event is dropped, so nothing more is reported.
    gates["a"]!.open()
    await yieldUntil { system.runningEffectCount == 0 }
    #expect(log.events.count == 11)
  }

  @Test func eachRequestOfASetIsReportedOnItsOwnLoop() async {
    let log = Probe<String>()
    let system = Self.system(gates: [:], log: log)

    system.send(.want([1, 2]))
    system.send(.want([2, 3]))
    system.send(.want([]))

    // The second loop is loop 1; a set's requests start in no particular order.
    let effects = log.events.filter { !$0.hasPrefix("state") && !$0.hasPrefix("event") }
    let effectOfPage1 = effects.first { $0.hasSuffix(" for 1") }?.split(separator: " ")[1] ?? "none"
    let effectOfPage2 = effects.first { $0.hasSuffix(" for 2") }?.split(separator: " ")[1] ?? "none"
    #expect(Set(effects.prefix(2)) == ["started \(effectOfPage1) for 1", "started \(effectOfPage2) for 2"])
    #expect(Set([effectOfPage1, effectOfPage2]) == ["1.1", "1.2"])
    #expect(effects.dropFirst(2) == ["cancelled \(effectOfPage1)", "started 1.3 for 3", "cancelled \(effectOfPage2)", "cancelled 1.3"])
    await yieldUntil { system.runningEffectCount == 0 }
  }
}

/// Yields until `condition` holds, or until the task is cancelled.
private func yieldUntil(_ condition: () -> Bool) async {
  while !condition(), !Task.isCancelled { await Task.yield() }
}
