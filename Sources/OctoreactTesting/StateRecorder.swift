public import Clocks
import OctoreactCore

/// Records every value of a sequence with the virtual time it arrived at, and lets a test wait for
/// the value it expects without sleeping.
///
/// For example:
///
/// ```swift
/// let clock = TestClock()
/// let api = SignupAPI(
///   usernameAvailable: { _ in
///     try await clock.sleep(for: .milliseconds(200))  // the server takes 200 ms to answer
///     return true
///   },
///   signup: { name, _ in .created(username: name) }
/// )
/// let store = ReactorStore(SignupReactor(validation: ValidationService(api: api)))
/// let recorder = StateRecorder(store.states, clock: clock)
/// store.send(.usernameChanged("octocat"))
/// await clock.waitForSleeper()
/// await clock.advance(by: .milliseconds(200))
/// let state = await recorder.first { $0.usernameResult.isValid }
/// #expect(recorder.timeline.last?.time == .milliseconds(200))
/// ```
///
/// **Contract.** ``first(where:)`` looks at everything recorded so far, then waits for what comes;
/// it never misses a value. It waits without a time limit: give the test a `.timeLimit` trait.
public final class StateRecorder<Value: Sendable>: Sendable {
  /// One recorded value and the virtual time, since the recorder was made, at which it arrived.
  public struct Entry: Sendable {
    /// The virtual time since the recorder was made at which the value arrived.
    public let time: Duration
    /// The recorded value.
    public let value: Value
  }

  private struct Waiter {
    let id: UInt64
    let predicate: @Sendable (Value) -> Bool
    let continuation: CheckedContinuation<Value?, Never>
  }

  private struct Record {
    var entries: [Entry] = []
    var waiters: [Waiter] = []
    var isFinished = false
    var nextWaiterID: UInt64 = 0
  }

  private let record = RuntimeLock(Record())
  private let task = RuntimeLock<Task<Void, Never>?>(nil)

  /// Starts recording `values`, timestamped by `clock`.
  public init(_ values: some AsyncSequence<Value, Never> & Sendable, clock: TestClock<Duration>) {
    let start = clock.now
    let handle = Task { [weak self] in
      for await value in values {
        guard let self else { return }
        self.append(Entry(time: start.duration(to: clock.now), value: value))
      }
      self?.finishRecording()
    }
    task.withLock { $0 = handle }
  }

  deinit { task.withLock { $0?.cancel() } }

  private func append(_ entry: Entry) {
    let ready = record.withLock { record in
      record.entries.append(entry)
      var ready: [Waiter] = []
      record.waiters.removeAll { waiter in
        guard waiter.predicate(entry.value) else { return false }
        ready.append(waiter)
        return true
      }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: entry.value) }
  }

  private func finishRecording() {
    let waiting = record.withLock { record in
      record.isFinished = true
      defer { record.waiters = [] }
      return record.waiters
    }
    for waiter in waiting { waiter.continuation.resume(returning: nil) }
  }

  /// Every value recorded so far, in order.
  public var values: [Value] { record.withLock { $0.entries.map(\.value) } }

  /// Every value recorded so far with its virtual arrival time.
  public var timeline: [Entry] { record.withLock { $0.entries } }

  /// The latest value recorded.
  public var latest: Value? { record.withLock { $0.entries.last?.value } }

  /// The first value, recorded or still to come, that satisfies `predicate`; `nil` if the sequence
  /// ends, or the waiting task is cancelled (a test's time limit), without one.
  @discardableResult
  public func first(where predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
    await next(after: 0, where: predicate)
  }

  /// The first value, recorded after `count` values, that satisfies `predicate`.
  ///
  /// Use it to wait for a *new* value: `await recorder.next(after: recorder.count) { … }`.
  @discardableResult
  public func next(after count: Int, where predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
    let id = record.withLock { record in
      defer { record.nextWaiterID += 1 }
      return record.nextWaiterID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let found: Value?? = record.withLock { record in
          if let match = record.entries.dropFirst(count).first(where: { predicate($0.value) }) {
            return .some(match.value)
          }
          if record.isFinished || Task.isCancelled { return .some(nil) }
          record.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
          return nil
        }
        if let found { continuation.resume(returning: found) }
      }
    } onCancel: {
      let waiter = record.withLock { record in
        record.waiters.firstIndex { $0.id == id }.map { record.waiters.remove(at: $0) }
      }
      waiter?.continuation.resume(returning: nil)
    }
  }

  /// The number of values recorded so far.
  public var count: Int { record.withLock { $0.entries.count } }

  /// Stops recording.
  public func cancel() { task.withLock { $0?.cancel() } }
}
