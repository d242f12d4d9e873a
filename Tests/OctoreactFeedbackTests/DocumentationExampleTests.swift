import Clocks
import OctoreactFeedback
import OctoreactCore
import OctoreactTesting
import Testing

/// The module's documented examples, compiled and run: each test's body is the example it names
/// (checked by eye against it), plus what the text says should happen.
@Suite(.timeLimit(.minutes(1)))
struct DocumentationExampleTests {
  /// `FeedbackSystem`'s example: a counter whose state asks for a delayed decrease.
  @Test func theCountersDecreaseRunsWhileItsRequestIsInTheState() async {
    let clock = TestClock()
    struct State: Sendable { var count = 0; var decreaseRequested = false }
    enum Event: Sendable { case increase, decreaseLater, decreased }

    let system = FeedbackSystem<State, Event>(
      initialState: State(),
      reduce: { state, event in
        var state = state
        switch event {
        case .increase: state.count += 1
        case .decreaseLater: state.decreaseRequested = true
        case .decreased: state.count -= 1; state.decreaseRequested = false
        }
        return state
      },
      feedback: [
        .react(request: { $0.decreaseRequested ? true : nil }) { _, send in
          try? await clock.sleep(for: .seconds(1))
          send(.decreased)
        }
      ]
    )
    system.send(.increase)   // system.currentState.count == 1 when send returns

    #expect(system.currentState.count == 1)
    system.send(.decreaseLater)
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(1))
    let decreased = await system.states.first { $0.count == 0 }
    #expect(decreased?.decreaseRequested == false)
  }

  /// The landing page's example: a username check that runs while the state has a name to check.
  @Test func theLandingPagesCheckShowsOnlyTheLatestNamesAnswer() async {
    let clock = TestClock()
    struct API: Sendable {
      let clock: TestClock<Duration>
      func isAvailable(_ name: String) async -> Bool {
        try? await clock.sleep(for: .milliseconds(name == "octocat" ? 500 : 100))
        return name != "octocat"
      }
    }
    let api = API(clock: clock)
    struct State: Sendable { var username = ""; var usernameToCheck: String?; var available: Bool? }
    enum Event: Sendable { case typed(String), checked(String, Bool) }

    let system = FeedbackSystem<State, Event>(
      initialState: State(),
      reduce: { state, event in
        var state = state
        switch event {
        case .typed(let name):
          state.username = name
          state.available = nil
          state.usernameToCheck = name.isEmpty ? nil : name   // a newer name cancels the older check
        case .checked(_, let available):
          state.available = available
          state.usernameToCheck = nil
        }
        return state
      },
      feedback: .react(request: { $0.usernameToCheck }) { name, send in
        send(.checked(name, await api.isAvailable(name)))
      }
    )
    system.send(.typed("octocat"))

    await clock.waitForSleeper()
    system.send(.typed("newbie"))
    // Time passes until an answer is shown: the cancelled "octocat" check's never is.
    while system.currentState.available == nil { await clock.advance(by: .milliseconds(100)) }
    #expect(system.currentState.username == "newbie")
    #expect(system.currentState.available == true)
  }
}
