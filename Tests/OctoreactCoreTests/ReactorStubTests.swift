import ConcurrencyTestSupport
import OctoreactCore
import Testing

/// A reactor that must never run: the stub records actions instead.
private struct UnrunnableReactor: Reactor {
  typealias Action = CounterReactor.Action
  typealias Mutation = CounterReactor.Action
  typealias State = CounterReactor.State

  var initialState: State { State(count: 7) }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    Issue.record("mutate ran for \(action) on a stubbed store")
    return .just(action)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    Issue.record("reduce ran for \(mutation) on a stubbed store")
    return state
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ReactorStubTests {
  @Test func stubRecordsActionsInOrderWithoutRunningTheReactor() {
    let store = ReactorStore.stub(UnrunnableReactor())

    store.send(.increase)
    store.send(.set(3))
    store.send(.increase)

    #expect(store.stub.actions == [.increase, .set(3), .increase])
    #expect(store.currentState == CounterReactor.State(count: 7))
    #expect(store.runningTaskCount == 0)
  }

  @Test func stubStartsFromTheInitialState() {
    let store = ReactorStore.stub(UnrunnableReactor())

    #expect(store.currentState.count == 7)
    #expect(store.stub.actions.isEmpty)
  }

  @Test func setStateReachesCurrentStateAndStates() async {
    let store = ReactorStore.stub(UnrunnableReactor())
    let states = store.states

    store.stub.setState(CounterReactor.State(count: 42))
    #expect(store.currentState.count == 42)

    store.stub.setState { $0.count += 1 }
    #expect(store.currentState.count == 43)

    #expect(await prefix(3, of: states).map(\.count) == [7, 42, 43])
  }

  @Test func lateObserverOfAStubSeesTheStateSetLast() async {
    let store = ReactorStore.stub(UnrunnableReactor())
    store.stub.setState { $0.count = 99 }

    #expect(await prefix(1, of: store.states).map(\.count) == [99])
  }

  @Test func isStubbedTellsStubsFromRunningStores() {
    #expect(ReactorStore.stub(CounterReactor()).isStubbed)
    #expect(!ReactorStore(CounterReactor()).isStubbed)
  }

  @Test func stubControlsOfARunningStoreStopTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = ReactorStore(CounterReactor()).stub
    }
  }
}
