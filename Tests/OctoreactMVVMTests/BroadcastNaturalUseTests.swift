import ConcurrencyTestSupport
import Foundation
import OctoreactCore
import OctoreactMVVM
import Synchronization
import Testing

/// What an Rx user does without thinking: read the value in an observer, send from an observer,
/// derive with closures that read other broadcasts, send from two threads. Before observers ran
/// with no lock held, each of these crashed ("Recursive call to lock Mutex") or stalled the sender.
@Suite(.timeLimit(.minutes(1)))
struct BroadcastNaturalUseTests {
  @Test func anObserverMayReadTheValueOfTheBroadcastItObserves() {
    let source = Broadcast(1)
    let seen = RuntimeLock<[Int]>([])

    let observation = source.observe { value in seen.withLock { $0.append(source.value - value) } }
    source.send(2)
    source.send(3)

    #expect(seen.withLock { $0 } == [0, 0, 0])
    withExtendedLifetime(observation) {}
  }

  @Test func anObserverMaySendToTheBroadcastItObservesAndTheValueIsDeliveredAfterTheCurrentOne() {
    let source = Broadcast(0)
    let log = CallLog<Int>()

    let observation = source.observe { value in
      log.call(value) {
        if value == 1 { source.send(10) }  // queued: delivered once this call has returned
      }
    }
    source.send(1)

    // Delivered before the outer `send` returned, one call at a time, never recursively.
    #expect(log.values == [0, 1, 10])
    #expect(!log.overlapped)
    #expect(source.value == 10)
    withExtendedLifetime(observation) {}
  }

  @Test func anObserverMayStartAndCancelObservationsInsideItsCall() {
    let source = Broadcast(0)
    let seen = RuntimeLock<[String]>([])
    let inner = RuntimeLock<BroadcastObservation?>(nil)

    let outer = source.observe { value in
      seen.withLock { $0.append("outer \(value)") }
      if value == 1 {
        let observation = source.observe { value in seen.withLock { $0.append("inner \(value)") } }
        inner.withLock { $0 = observation }
      }
      if value == 3 { inner.withLock { $0?.cancel() } }
    }
    for value in 1...4 { source.send(value) }

    #expect(seen.withLock { $0 } == [
      "outer 0", "outer 1", "inner 1", "outer 2", "inner 2", "outer 3", "outer 4",
    ])
    withExtendedLifetime(outer) {}
  }

  @Test func derivingClosuresMayReadTheirSources() {
    let first = Broadcast(1)
    let second = Broadcast(2)

    let sum = Broadcast.combineLatest(first, second) { _, _ in first.value + second.value }
    let doubled = first.map { _ in first.value * 2 }
    first.send(5)

    #expect(sum.value == 7)
    #expect(doubled.value == 10)
  }

  @Test func twoBroadcastsMayFeedEachOtherFromTheirObservers() {
    let celsius = Broadcast(0)
    let fahrenheit = Broadcast(32)
    let toFahrenheit = celsius.observe { value in
      if fahrenheit.value != value * 9 / 5 + 32 { fahrenheit.send(value * 9 / 5 + 32) }
    }
    let toCelsius = fahrenheit.observe { value in
      if celsius.value != (value - 32) * 5 / 9 { celsius.send((value - 32) * 5 / 9) }
    }

    celsius.send(100)
    #expect(fahrenheit.value == 212)
    fahrenheit.send(50)
    #expect(celsius.value == 10)
    withExtendedLifetime((toFahrenheit, toCelsius)) {}
  }

  @Test func aSlowObserverDoesNotStallAnotherThreadsSend() async {
    let source = Broadcast(0)
    let observerEntered = DispatchSemaphore(value: 0)
    let releaseObserver = DispatchSemaphore(value: 0)
    let observation = source.observe { value in
      guard value == 1 else { return }
      observerEntered.signal()
      releaseObserver.wait()
    }
    let secondSendReturned = RuntimeLock(false)

    await onThreads(2) { index in
      if index == 0 {
        source.send(1)  // the drainer: blocked in the observer until the other thread's send returned
      } else {
        observerEntered.wait()
        source.send(2)  // queued for the blocked drainer; used to wait for its lock
        secondSendReturned.withLock { $0 = true }
        releaseObserver.signal()
      }
    }

    #expect(secondSendReturned.withLock { $0 })
    #expect(source.value == 2)
    withExtendedLifetime(observation) {}
  }

  @Test func sendersOnTwoThreadsDeliverOneOrderToEveryObserverOneCallAtATime() async {
    let source = Broadcast(0)
    let first = CallLog<Int>()
    let second = CallLog<Int>()
    let observations = [
      source.observe { first.call($0) },
      source.observe { second.call($0) },
    ]
    let sequence = source.values()

    await onThreads(2) { thread in
      for index in 1...5_000 { source.send(thread * 100_000 + index) }
    }
    source.finish()

    var buffered: [Int] = []
    for await value in sequence { buffered.append(value) }
    #expect(first.values.count == 10_001)
    #expect(first.values == second.values)
    #expect(buffered == first.values)
    #expect(!first.overlapped && !second.overlapped)
    // Each thread's values stay in the order it sent them.
    for thread in 0..<2 {
      let own = first.values.filter { $0 / 100_000 == thread && $0 != 0 }
      #expect(own == Array(1...5_000).map { thread * 100_000 + $0 })
    }
    withExtendedLifetime(observations) {}
  }

  @Test func updateRunsItsTransformWithNoLockHeld() {
    let source = Broadcast([1])

    source.update { values in values.append(source.value.count + 1) }

    #expect(source.value == [1, 2])
  }
}
