import ConcurrencyTestSupport
import Clocks
import OctoreactCore
import OctoreactTesting
import Testing

/// Like ReactorKit's `TestReactor`: every value is a log of the hooks it went through, so the
/// state tells both the order of the pipeline and what each stage saw.
private struct HookLogReactor: Reactor {
  typealias Action = [String]
  typealias Mutation = [String]
  typealias State = [String]

  var initialState: [String] { ["initial"] }

  func transform(action: [String]) -> [String] {
    action + ["transform(action)"]
  }

  func mutate(action: [String], state: [String]) -> Effect<[String]> {
    if action.first == "async" {
      return .run { send in send(action + ["mutate(async)"]) }
    }
    return .just(action + ["mutate"])
  }

  func transform(mutation: [String]) -> [String] {
    mutation + ["transform(mutation)"]
  }

  func reduce(state: [String], mutation: [String]) -> [String] {
    // Keeps the state it received, so the log shows reduce got the transformed state.
    state + ["|"] + mutation + ["reduce"]
  }

  func transform(state: [String]) -> [String] {
    state + ["transform(state)"]
  }
}

/// Rewrites values in its hooks, to show each stage works on the previous stage's output.
private struct RewritingReactor: Reactor {
  enum Action: Sendable { case tap, doubleTap }
  enum Mutation: Sendable { case add(Int) }
  struct State: Sendable, Equatable {
    var total = 0
    var description = ""
  }

  var initialState: State { State() }

  func transform(action: Action) -> Action {
    action == .tap ? .doubleTap : action
  }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .tap: .just(.add(1))
    case .doubleTap: .just(.add(2))
    }
  }

  func transform(mutation: Mutation) -> Mutation {
    switch mutation {
    case .add(let amount): .add(amount * 10)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.total += amount
    }
    return state
  }

  func transform(state: State) -> State {
    var state = state
    state.description = "total \(state.total)"
    return state
  }
}

@Suite(.timeLimit(.minutes(1)))
struct TransformHookTests {
  @Test func initialStatePassesThroughTransformState() {
    let store = ReactorStore(HookLogReactor())

    #expect(store.currentState == ["initial", "transform(state)"])
  }

  @Test func pipelineRunsTransformActionMutateTransformMutationReduceTransformStateInOrder() {
    let store = ReactorStore(HookLogReactor())

    store.send(["send"])

    #expect(
      store.currentState == [
        "initial", "transform(state)", "|",
        "send", "transform(action)", "mutate", "transform(mutation)", "reduce", "transform(state)",
      ]
    )
  }

  @Test func asynchronousMutationsGoThroughTransformMutationReduceAndTransformState() async {
    let clock = TestClock()
    let store = ReactorStore(HookLogReactor())
    let recorder = store.record(clock: clock)

    store.send(["async"])

    let state = await recorder.waitFor { $0.contains("reduce") }
    #expect(
      state == [
        "initial", "transform(state)", "|",
        "async", "transform(action)", "mutate(async)", "transform(mutation)", "reduce", "transform(state)",
      ]
    )
  }

  @Test func observersSeeTheTransformedStates() async {
    let store = ReactorStore(HookLogReactor())
    let states = store.states

    store.send(["one"])
    store.send(["two"])

    let seen = await prefix(3, of: states)
    #expect(seen.allSatisfy { $0.last == "transform(state)" })
    #expect(seen.map { $0.filter { $0 == "reduce" }.count } == [0, 1, 2])
  }

  @Test func eachStageWorksOnThePreviousStagesOutput() {
    let store = ReactorStore(RewritingReactor())

    // .tap → transform(action) → .doubleTap → mutate → .add(2) → transform(mutation) → .add(20).
    store.send(.tap)
    #expect(store.currentState == RewritingReactor.State(total: 20, description: "total 20"))

    store.send(.doubleTap)
    #expect(store.currentState == RewritingReactor.State(total: 40, description: "total 40"))
  }
}
