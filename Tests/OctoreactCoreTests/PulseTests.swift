import ConcurrencyTestSupport
import OctoreactCore
import Testing

private struct AlertReactor: Reactor {
  enum Action: Sendable {
    case alert(String)
    case clearAlert
    case increase
  }

  typealias Mutation = Action

  struct State: Sendable, Equatable {
    @Pulse var message: String?
    var count = 0
  }

  var initialState: State { State() }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .alert(let message): state.message = message
    case .clearAlert: state.message = nil
    case .increase: state.count += 1
    }
    return state
  }
}

@Suite(.timeLimit(.minutes(1)))
struct PulseTests {
  // MARK: - The property wrapper

  @Test func revisionStartsAtZeroAndIncrementsOnEverySet() {
    var pulse = Pulse(wrappedValue: "hello")
    #expect(pulse.revision == 0)

    pulse.wrappedValue = "hello"
    #expect(pulse.revision == 1)

    pulse.wrappedValue = "hello"
    #expect(pulse.revision == 2)
    #expect(pulse.value == "hello")
  }

  @Test func settingTheSameValueMakesADifferentPulse() {
    let before = Pulse(wrappedValue: 1)
    var after = before
    after.wrappedValue = 1

    #expect(before != after)
    #expect(before.value == after.value)
  }

  @Test func projectedValueExposesValueAndRevision() {
    var state = AlertReactor.State()
    state.message = "saved"
    state.message = "saved"

    #expect(state.$message.value == "saved")
    #expect(state.$message.revision == 2)
  }

  // MARK: - ReactorStore.pulse

  @Test func pulseEmitsAgainWhenTheSameValueIsSetTwice() async {
    let store = ReactorStore(AlertReactor())
    let messages = store.pulse(\.$message)

    store.send(.alert("Signed up"))
    store.send(.alert("Signed up"))

    #expect(await prefix(3, of: messages) == [nil, "Signed up", "Signed up"])
  }

  @Test func pulseIgnoresChangesToOtherProperties() async {
    let store = ReactorStore(AlertReactor())
    let messages = store.pulse(\.$message)

    store.send(.alert("one"))
    store.send(.increase)
    store.send(.increase)
    store.send(.alert("two"))
    store.send(.clearAlert)

    // One value per setting of the pulse: the two increases are not there.
    #expect(await prefix(4, of: messages) == [nil, "one", "two", nil])
    #expect(store.currentState.count == 2)
  }

  @Test func pulseStartsWithTheCurrentValue() async {
    let store = ReactorStore(AlertReactor())
    store.send(.alert("earlier"))

    let messages = store.pulse(\.$message)
    store.send(.alert("later"))

    #expect(await prefix(2, of: messages) == ["earlier", "later"])
  }

  @Test func pulseEndsWhenTheStoreIsReleased() async throws {
    var store: ReactorStore<AlertReactor>? = ReactorStore(AlertReactor())
    let messages = try #require(store?.pulse(\.$message))
    store?.send(.alert("bye"))
    store = nil

    var received: [String?] = []
    for await message in messages { received.append(message) }

    #expect(received == [nil, "bye"])
  }
}
