import Clocks
import ReactorCore
import ReactorTesting
import Synchronization
import Testing

/// The README's reactor ("Writing a reactor"), copied as written: if the API changes, this stops
/// compiling and the README must change with it.
private enum Readme {
  struct CounterReactor: Reactor {
    enum Action: Sendable { case increase, increaseLater }
    enum Mutation: Sendable { case add(Int) }
    struct State: Sendable, Equatable { var count = 0 }

    let clock: any Clock<Duration>
    var initialState: State { State() }

    func mutate(action: Action, state: State) -> Effect<Mutation> {
      switch action {
      case .increase:
        return .just(.add(1))  // applied before send returns
      case .increaseLater:
        return .run { send in  // a task the store owns
          try? await clock.sleep(for: .seconds(1))
          send(.add(1))  // dropped if cancelled meanwhile
        }
        .cancellable(id: "later", cancelInFlight: true)  // a newer one cancels the older
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

/// `Reactor`'s doc comment example, copied as written.
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
  @Test func theReadmeReactorBehavesAsItsCommentsSay() async {
    let clock = TestClock()
    let store = ReactorStore(Readme.CounterReactor(clock: clock))
    let seen = Mutex<[Int]>([])
    let recorder = store.record(clock: clock)

    store.send(.increase)
    #expect(store.currentState.count == 1)
    let observation = store.observe { state in seen.withLock { $0.append(state.count) } }
    #expect(seen.withLock { $0 } == [1])

    store.send(.increaseLater)
    store.send(.increaseLater)  // cancels the first
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(1))
    await recorder.waitFor { $0.count == 2 }
    await yieldUntil { store.runningTaskCount == 0 }

    #expect(store.currentState.count == 2)
    #expect(seen.withLock { $0 } == [1, 2])
    withExtendedLifetime(observation) {}
  }

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
