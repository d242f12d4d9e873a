import Clocks
import OctoreactCore
import OctoreactTesting
import Testing

/// `Reactor`'s doc comment example, copied as written (the README's examples are in DocumentationTests).
private enum ReactorDocComment {
  struct CounterReactor: Reactor {
    enum Action: Sendable { case increase, decreaseLater }
    enum Mutation: Sendable { case add(Int) }
    struct State: Sendable, Equatable { var count = 0 }

    let clock: any Clock<Duration>
    var initialState: State { State() }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
      switch action {
      case .increase: .just(.add(1))
      case .decreaseLater:
        .run { send in
          try? await clock.sleep(for: .seconds(1))
          send(.add(-1))
        }
      }
    }

    func reduce(state: State, mutation: Mutation) -> State {
      var state = state
      switch mutation {
      case .add(let n): state.count += n
      }
      return state
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct DocumentationExampleTests {
  @Test func theReactorDocCommentExampleBehavesAsItsCommentsSay() async {
    let clock = TestClock()
    let store = ReactorStore(ReactorDocComment.CounterReactor(clock: clock))
    let recorder = store.record(clock: clock)

    store.send(.increase)  // store.currentState.count == 1 when send returns
    #expect(store.currentState.count == 1)
    store.send(.decreaseLater)
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(1))

    #expect(await recorder.waitFor { $0.count == 0 } != nil)
  }
}
