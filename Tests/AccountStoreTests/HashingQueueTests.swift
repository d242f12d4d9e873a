import Dispatch
import Synchronization
import Testing
@testable import AccountStore

/// The bounded hashing line with real GCD threads: work held on a gate shows who runs, who waits
/// and who is refused.
@Suite(.timeLimit(.minutes(1)))
struct HashingQueueTests {
  /// Work that signals when it starts and runs until its gate opens.
  struct GatedWork: Sendable {
    let started = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    func body(_ value: Int) -> @Sendable () -> Int {
      { [started, gate] in
        started.signal()
        gate.wait()
        return value
      }
    }

    /// Waits, on a GCD thread, until the work has started.
    func waitUntilStarted() async {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { [started] in
          started.wait()
          continuation.resume()
        }
      }
    }
  }

  /// Yields until `queue` has `waiting` waiters (their admission is a few steps of other tasks).
  func waitUntil(_ queue: HashingQueue, waiting: Int) async {
    while queue.load.waiting < waiting { await Task.yield() }
  }

  @Test func aFullLineIsRefusedAtOnceAndTheLineRunsInOrder() async throws {
    let queue = HashingQueue(HashingLimits(maxConcurrent: 1, maxWaiting: 1))
    let first = GatedWork()
    let running = Task { try await queue.run(first.body(1)) }
    await first.waitUntilStarted()
    let second = Task { try await queue.run { 2 } }
    await waitUntil(queue, waiting: 1)

    let error = await #expect(throws: AccountStoreError.self) { try await queue.run { 3 } }
    #expect(error?.isBusy == true)
    #expect(error?.retryAfter == .seconds(1))
    #expect(queue.load.running == 1 && queue.load.waiting == 1)

    first.gate.signal()
    #expect(try await running.value == 1)
    #expect(try await second.value == 2)
    #expect(queue.load.running == 0 && queue.load.waiting == 0)
  }

  @Test func aCancelledWaiterLeavesTheLineAtOnce() async throws {
    let queue = HashingQueue(HashingLimits(maxConcurrent: 1, maxWaiting: 4))
    let first = GatedWork()
    let running = Task { try await queue.run(first.body(1)) }
    await first.waitUntilStarted()
    let waiter = Task { try await queue.run { 2 } }
    await waitUntil(queue, waiting: 1)
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(queue.load.running == 1 && queue.load.waiting == 0)
    first.gate.signal()
    #expect(try await running.value == 1)
    #expect(queue.load.running == 0 && queue.load.waiting == 0)
  }

  @Test func noMoreThanTheLimitRunAtOnce() async throws {
    let queue = HashingQueue(HashingLimits(maxConcurrent: 2, maxWaiting: 100))
    let peak = Peak()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<40 {
        group.addTask {
          _ = try await queue.run {
            peak.enter()
            for _ in 0..<10_000 { _ = DispatchTime.now() }
            peak.leave()
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(peak.highest <= 2)
  }
}

/// The most pieces of work seen running at once.
private final class Peak: Sendable {
  private let counts = Mutex((current: 0, highest: 0))
  var highest: Int { counts.withLock { $0.highest } }
  func enter() { counts.withLock { $0.current += 1; $0.highest = max($0.highest, $0.current) } }
  func leave() { counts.withLock { $0.current -= 1 } }
}
