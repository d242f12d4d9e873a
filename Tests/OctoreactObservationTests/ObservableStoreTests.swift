import Observation
import OctoreactCore
import OctoreactObservation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ObservableStoreTests {
  // MARK: - Notifications

  @Test func startsFromTheStoresCurrentState() {
    let store = ReactorStore(TallyReactor())
    store.send(.increment)
    let observed = ObservableStore(store)
    #expect(observed.state.count == 1)
  }

  @Test func aSentActionThatChangesTheStateNotifiesItsReadersBeforeSendReturns() {
    let observed = ObservableStore(TallyReactor())
    let changes = trackOnce { _ = observed.state.count }
    observed.send(.increment)
    #expect(changes.value == 1)
    #expect(observed.state.count == 1)
  }

  @Test func anActionSentStraightToTheStoreIsShownAfterAHop() async {
    let observed = ObservableStore(TallyReactor())
    observed.store.send(.increment)
    await nextChange { _ = observed.state }
    #expect(observed.state.count == 1)
  }

  @Test func anEquatableStateThatDidNotChangeNotifiesNobody() {
    let observed = ObservableStore(TallyReactor())
    let changes = trackOnce { _ = observed.state }
    observed.send(.touch)
    #expect(changes.value == 0)
    observed.send(.increment)
    #expect(changes.value == 1)
  }

  @Test func aStateThatIsNotEquatableNotifiesOnEveryMutation() {
    let observed = ObservableStore(OpaqueTallyReactor())
    let changes = trackOnce { _ = observed.state }
    observed.send(.touch)
    #expect(changes.value == 1)
  }

  @Test func readersOfOtherPropertiesAreNotNotified() {
    let observed = ObservableStore(TallyReactor())
    let changes = trackOnce { _ = observed.store }
    observed.send(.increment)
    #expect(changes.value == 0)
  }

  // MARK: - Delivery and order

  @Test func statesProducedOnTheMainActorAreShownOneByOneInOrder() {
    let observed = ObservableStore(TallyReactor())
    var shown: [Int] = []
    for _ in 0..<5 {
      observed.send(.increment)
      shown.append(observed.state.count)
    }
    #expect(shown == [1, 2, 3, 4, 5])
  }

  @Test func statesProducedOffTheMainActorHopToItCoalescedToTheNewest() async {
    let observed = ObservableStore(TallyReactor())
    let store = observed.store
    let changes = trackOnce { _ = observed.state }
    runOnAnotherThreadBlockingThisOne {
      store.send(.increment)
      store.send(.rename("Ada"))
      store.send(.increment)
    }
    // The main actor was busy: nothing is shown yet, and one hop carries the newest state.
    #expect(observed.state == TallyReactor.State())
    await nextChange { _ = observed.state }
    #expect(observed.state == TallyReactor.State(count: 2, name: "ada"))
    #expect(changes.value == 1)
  }

  @Test func aStateShownOnTheMainActorIsNeverReplacedByAnOlderOneFromAnotherThread() async {
    let observed = ObservableStore(TallyReactor())
    let store = observed.store
    runOnAnotherThreadBlockingThisOne { store.send(.increment) }  // count 1 waits for a hop
    observed.send(.increment)  // count 2, shown at once
    #expect(observed.state.count == 2)
    let changes = trackOnce { _ = observed.state }
    // Let the hop scheduled for count 1 run: it finds nothing newer to show.
    for _ in 0..<10 { await Task.yield() }
    #expect(changes.value == 0)
    #expect(observed.state.count == 2)
  }

  @Test func anEffectsMutationReachesTheMainActor() async {
    let observed = ObservableStore(TallyReactor())
    observed.send(.incrementInATask)
    await nextChange { _ = observed.state.count }
    #expect(observed.state.count == 1)
  }

  @Test func anActionSentByAReaderOfTheStateIsShownAfterTheOneThatNotifiedIt() {
    let observed = ObservableStore(TallyReactor())
    withObservationTracking { _ = observed.state.count } onChange: {
      MainActor.assumeIsolated { observed.send(.rename("Second")) }
    }
    observed.send(.increment)
    #expect(observed.state == TallyReactor.State(count: 1, name: "second"))
    #expect(observed.store.currentState == observed.state)
  }

  @Test func sendersOnTwoThreadsEndOnTheStoresLatestStateNeverGoingBack() async {
    let observed = ObservableStore(TallyReactor())
    let store = observed.store
    let perThread = 2_000
    let senders = (0..<2).map { _ in
      Task.detached { for _ in 0..<perThread { store.send(.increment) } }
    }
    var last = 0
    while observed.state.count < 2 * perThread {
      #expect(observed.state.count >= last)
      last = observed.state.count
      await Task.yield()
    }
    for sender in senders { await sender.value }
    #expect(observed.state == store.currentState)
  }

  // MARK: - Binding

  @Test func aBindingReadsTheStateAndWritesBySendingAnAction() {
    let observed = ObservableStore(TallyReactor())
    let name = observed.binding(\.name, send: { .rename($0) })
    name.wrappedValue = "Ada"
    // What the reactor made of the input, at once.
    #expect(name.wrappedValue == "ada")
    #expect(observed.state.name == "ada")
  }

  // MARK: - Lifetime

  @Test func releasingTheAdapterReleasesItAndTheStoreItMade() {
    weak var weakObserved: ObservableStore<TallyReactor>?
    weak var weakStore: ReactorStore<TallyReactor>?
    do {
      let observed = ObservableStore(TallyReactor())
      observed.send(.increment)
      let name = observed.binding(\.name, send: { .rename($0) })
      name.wrappedValue = "x"
      weakObserved = observed
      weakStore = observed.store
    }
    #expect(weakObserved == nil)
    #expect(weakStore == nil)
  }

  @Test func aStoreThatOutlivesItsAdapterDoesNotKeepItAlive() async {
    let store = ReactorStore(TallyReactor())
    weak var weakObserved: ObservableStore<TallyReactor>?
    do {
      let observed = ObservableStore(store)
      weakObserved = observed
    }
    #expect(weakObserved == nil)
    // The store goes on without it, from this thread and from another.
    store.send(.increment)
    await Task.detached { store.send(.increment) }.value
    #expect(store.currentState.count == 2)
  }
}
