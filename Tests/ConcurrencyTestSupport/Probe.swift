import OctoreactCore

/// Events that test code reports as it runs, and a way to wait for one without sleeping.
///
/// An effect calls ``record(_:)`` at the points the test cares about ("started", "sleeping",
/// "cancelled"); the test awaits ``wait(for:)`` before it moves on. Waiting ends early when the
/// waiting task is cancelled, so a suite's time limit can end a test that waits for too long.
public final class Probe<Event: Sendable & Equatable>: Sendable {
  private struct Waiter {
    let id: UInt64
    let predicate: @Sendable (Event) -> Bool
    let continuation: CheckedContinuation<Event?, Never>
  }

  private struct Storage {
    var events: [Event] = []
    var waiters: [Waiter] = []
    var nextID: UInt64 = 0
  }

  private let storage = RuntimeLock(Storage())

  public init() {}

  /// Every event recorded so far, in order.
  public var events: [Event] { storage.withLock { $0.events } }

  /// Records `event` and wakes whoever waits for it.
  public func record(_ event: Event) {
    let ready = storage.withLock { storage in
      storage.events.append(event)
      let ready = storage.waiters.filter { $0.predicate(event) }
      storage.waiters.removeAll { $0.predicate(event) }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: event) }
  }

  /// The first event, already recorded or still to come, that satisfies `predicate`; `nil` if the
  /// waiting task is cancelled first.
  @discardableResult
  public func first(where predicate: @escaping @Sendable (Event) -> Bool) async -> Event? {
    let id = storage.withLock { storage in
      defer { storage.nextID += 1 }
      return storage.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let found: Event?? = storage.withLock { storage in
          if let match = storage.events.first(where: predicate) { return .some(match) }
          if Task.isCancelled { return .some(nil) }
          storage.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
          return nil
        }
        if let found { continuation.resume(returning: found) }
      }
    } onCancel: {
      let waiter = storage.withLock { storage in
        storage.waiters.firstIndex { $0.id == id }.map { storage.waiters.remove(at: $0) }
      }
      waiter?.continuation.resume(returning: nil)
    }
  }

  /// Returns once `event` has been recorded (or the waiting task is cancelled).
  public func wait(for event: Event) async {
    await first { $0 == event }
  }
}
