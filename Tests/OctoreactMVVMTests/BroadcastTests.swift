import ConcurrencyTestSupport
import OctoreactCore
import OctoreactMVVM
import Testing

@Suite(.timeLimit(.minutes(1)))
struct BroadcastTests {
  @Test func valueIsTheLatestSent() {
    let broadcast = Broadcast(1)
    #expect(broadcast.value == 1)

    broadcast.send(2)
    #expect(broadcast.value == 2)
  }

  @Test func observerGetsTheCurrentValueThenEveryLaterOne() async {
    let broadcast = Broadcast("a")
    let values = broadcast.values()

    broadcast.send("b")
    broadcast.send("b")
    broadcast.send("c")

    #expect(await prefix(4, of: values) == ["a", "b", "b", "c"])
  }

  @Test func lateObserverGetsTheLatestValueReplayed() async {
    let broadcast = Broadcast(0)
    broadcast.send(1)
    broadcast.send(2)

    let values = broadcast.values()
    broadcast.send(3)

    #expect(await prefix(2, of: values) == [2, 3])
  }

  @Test func updateChangesTheValueInPlaceAndDeliversIt() async {
    let broadcast = Broadcast([1])
    let values = broadcast.values()

    broadcast.update { $0.append(2) }

    #expect(broadcast.value == [1, 2])
    #expect(await prefix(2, of: values) == [[1], [1, 2]])
  }

  @Test func finishEndsEveryObserver() async {
    let broadcast = Broadcast(0)
    let first = broadcast.values()
    let second = broadcast.values()
    broadcast.send(1)

    broadcast.finish()

    var firstValues: [Int] = []
    for await value in first { firstValues.append(value) }
    var secondValues: [Int] = []
    for await value in second { secondValues.append(value) }
    #expect(firstValues == [0, 1])
    #expect(secondValues == [0, 1])
    #expect(broadcast.observerCount == 0)
  }

  @Test func observerAfterFinishGetsTheLatestValueThenTheEnd() async {
    let broadcast = Broadcast(0)
    broadcast.send(5)
    broadcast.finish()

    var values: [Int] = []
    for await value in broadcast.values() { values.append(value) }

    #expect(values == [5])
    #expect(broadcast.observerCount == 0)
  }

  @Test func observerCountDropsWhenTheObserversTaskIsCancelled() async {
    let broadcast = Broadcast(0)
    let probe = Probe<Int>()
    let observer = Task {
      for await value in broadcast.values() { probe.record(value) }
    }
    await probe.wait(for: 0)
    #expect(broadcast.observerCount == 1)

    observer.cancel()
    await observer.value

    #expect(broadcast.observerCount == 0)
  }

  @Test func cancellingOneObserverLeavesTheOthersAttached() async {
    let broadcast = Broadcast(0)
    let kept = broadcast.values()
    let probe = Probe<Int>()
    let cancelled = Task {
      for await value in broadcast.values() { probe.record(value) }
    }
    await probe.wait(for: 0)
    #expect(broadcast.observerCount == 2)

    cancelled.cancel()
    await cancelled.value
    broadcast.send(1)

    #expect(broadcast.observerCount == 1)
    #expect(await prefix(2, of: kept) == [0, 1])
  }

  @Test func slowObserverWithBufferingNewestGetsOnlyTheLatest() async {
    let broadcast = Broadcast(0)
    let newest = broadcast.values(buffering: .latest)
    let every = broadcast.values()

    for value in 1...10 { broadcast.send(value) }
    broadcast.finish()

    var newestValues: [Int] = []
    for await value in newest { newestValues.append(value) }
    var everyValue: [Int] = []
    for await value in every { everyValue.append(value) }
    #expect(newestValues == [10])
    #expect(everyValue == Array(0...10))
  }

  @Test func concurrentSendersAndObserversSeeValuesInOneOrder() async {
    let broadcast = Broadcast(0)
    let first = broadcast.values()
    let second = broadcast.values()

    await withTaskGroup(of: Void.self) { group in
      for sender in 1...4 {
        group.addTask {
          for index in 0..<250 { broadcast.send(sender * 1000 + index) }
        }
      }
    }
    broadcast.finish()

    var firstValues: [Int] = []
    for await value in first { firstValues.append(value) }
    var secondValues: [Int] = []
    for await value in second { secondValues.append(value) }
    #expect(firstValues.count == 1001)
    #expect(firstValues == secondValues)
    #expect(firstValues.last == broadcast.value)
  }

  @Test func releasingTheBroadcastEndsItsObservers() async throws {
    var broadcast: Broadcast<Int>? = Broadcast(0)
    let values = try #require(broadcast?.values())
    broadcast?.send(1)

    broadcast = nil

    var received: [Int] = []
    for await value in values { received.append(value) }
    #expect(received == [0, 1])
  }

  /// Sending to an observer while its task is being cancelled takes the same two locks in opposite
  /// orders (the observer task's status lock, the broadcast's own): this once deadlocked a test run.
  /// Many rounds of the race make a regression show up as the time limit being hit.
  @Test func sendingWhileObserversAreCancelledNeverDeadlocks() async {
    let broadcast = Broadcast(0)
    for round in 0..<2_000 {
      let observer = Task {
        for await _ in broadcast.values() {}
      }
      await withTaskGroup(of: Void.self) { group in
        group.addTask { for value in 0..<20 { broadcast.send(round * 100 + value) } }
        group.addTask { observer.cancel() }
      }
      await observer.value
    }
    #expect(broadcast.observerCount == 0)
  }
}
