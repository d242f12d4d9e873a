import ConcurrencyTestSupport
import Clocks
import Dispatch
import OctoreactMVVM
import OctoreactTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ThrottleTests {
  @Test func theFirstValueGoesAtOnceAndTheLatestWhenTheIntervalEnds() async {
    let clock = TestClock()
    let log = CallLog<String>()
    let throttle = Throttle<String>(for: .milliseconds(300), clock: clock) { log.call($0) }

    throttle.submit("o")
    throttle.submit("oc")
    throttle.submit("oct")
    #expect(log.values == ["o"])
    await clock.waitForSleeper()
    await clock.advance(by: .milliseconds(300))
    // The timer's task delivers after `advance` has resumed it; under load that can be later than
    // `advance` returns. The suite's time limit bounds the wait.
    while log.values.count < 2 { await Task.yield() }

    #expect(log.values == ["o", "oct"])
  }

  /// A value decided while another thread is still inside `deliver` used to be delivered at once on
  /// its own thread: two calls at the same time, and the older value could land last.
  @Test func aValueDecidedWhileAnotherThreadDeliversIsDeliveredAfterItOnThatThread() async {
    let log = CallLog<String>()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let throttle = Throttle<String>(for: .seconds(1), clock: TestClock()) { value in
      log.call(value) {
        guard value == "a" else { return }
        entered.signal()
        release.wait()
      }
    }

    await onThreads(2) { index in
      if index == 0 {
        throttle.submit("a")  // delivered at once, and blocked inside `deliver`
      } else {
        entered.wait()
        throttle.flush()  // ends the interval: the next value goes at once
        throttle.submit("b")  // queued for the thread still delivering "a"
        release.signal()
      }
    }

    #expect(log.values == ["a", "b"])
    #expect(!log.overlapped)
  }
}
