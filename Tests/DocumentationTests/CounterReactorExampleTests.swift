import Clocks
import OctoreactTesting
import Testing

// README: Writing a reactor
import OctoreactCore

struct CounterReactor: Reactor {
  enum Action: Sendable { case increase, increaseLater }
  enum Mutation: Sendable { case add(Int) }
  struct State: Sendable, Equatable { var count = 0 }

  let clock: any Clock<Duration>
  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increase:
      return .just(.add(1))                       // applied before send returns
    case .increaseLater:
      return .run { send in                       // a task the store owns
        try? await clock.sleep(for: .seconds(1))
        send(.add(1))                             // dropped if cancelled meanwhile
      }
      .cancellable(id: "later", cancelInFlight: true)   // a newer one cancels the older
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
// README: end

/// The README's "Writing a reactor" example, verbatim between the `README:` markers
/// (`ReadmeExamplesTests` checks that it still is), run and checked in virtual time.
@Suite(.timeLimit(.minutes(1)))
struct CounterReactorExampleTests {
  @Test func theReadmesUsageRunsAndItsStatesLoopEndsWithItsTask() async {
    let usage = Task {
      // README: Writing a reactor
      let store = ReactorStore(CounterReactor(clock: ContinuousClock()))
      store.send(.increase)                 // store.currentState.count == 1
      let observation = store.observe { state in print(state.count) }  // now, then on every change, synchronously
      for await state in store.states { print(state.count) }   // or as a sequence: current state first, then changes
      // README: end
      _ = observation
    }
    usage.cancel()
    await usage.value
  }

  @Test func increaseIsAppliedBeforeSendReturns() {
    let store = ReactorStore(CounterReactor(clock: TestClock()))
    store.send(.increase)
    #expect(store.currentState.count == 1)
  }

  @Test func increaseLaterAddsOneASecondLater() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    store.send(.increaseLater)
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(999))
    #expect(store.currentState.count == 0)
    await clock.advance(by: .milliseconds(1))
    for await state in store.states where state.count == 1 { break }
    #expect(store.currentState.count == 1)
  }

  @Test func aNewerIncreaseLaterCancelsTheOlder() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    store.send(.increaseLater)
    store.send(.increaseLater)
    await clock.waitForSleeper()
    await clock.advance(by: .seconds(1))
    for await state in store.states where state.count == 1 { break }
    await clock.run()
    #expect(store.currentState.count == 1)
  }
}
