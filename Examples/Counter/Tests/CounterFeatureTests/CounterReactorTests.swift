import Clocks
import CounterFeature
import OctoreactCore
import OctoreactTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CounterReactorTests {
  @Test func decreaseShowsTheSpinnerAtOnceAndChangesTheValueAfterTheDelay() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    let recorder = store.record(clock: clock)

    store.send(.decrease)
    #expect(store.currentState == CounterReactor.State(value: 0, isLoading: true))

    await clock.waitForSleeper()
    await clock.advance(by: CounterReactor.delay - .milliseconds(1))
    #expect(store.currentState.value == 0, "not before the delay has passed")

    await clock.advance(by: .milliseconds(1))
    let done = await recorder.first { !$0.isLoading && $0.value == -1 }
    #expect(done == CounterReactor.State(value: -1, isLoading: false))
    #expect(recorder.timeline.last?.time == CounterReactor.delay)
    #expect(
      recorder.values == [
        CounterReactor.State(value: 0, isLoading: false),
        CounterReactor.State(value: 0, isLoading: true),
        CounterReactor.State(value: -1, isLoading: true),
        CounterReactor.State(value: -1, isLoading: false),
      ]
    )
  }

  @Test func increaseAddsOneAfterTheDelay() async {
    let clock = TestClock()
    let store = ReactorStore(CounterReactor(clock: clock))
    let recorder = store.record(clock: clock)

    store.send(.increase)
    await clock.waitForSleeper()
    await clock.advance(by: CounterReactor.delay)
    let done = await recorder.first { !$0.isLoading && $0.value == 1 }
    #expect(done?.value == 1)
  }
}
