import Synchronization

/// Events that test code reports as it runs, and a way to wait for one without sleeping.
///
/// An effect calls ``record(_:)`` at the points the test cares about ("started", "sleeping",
/// "cancelled"); the test awaits ``wait(for:)`` before it moves on.
final class Probe<Event: Sendable & Equatable>: Sendable {
  private struct Waiter {
    let predicate: @Sendable (Event) -> Bool
    let continuation: CheckedContinuation<Event, Never>
  }

  private struct Storage {
    var events: [Event] = []
    var waiters: [Waiter] = []
  }

  private let storage = Mutex(Storage())

  init() {}

  /// Every event recorded so far, in order.
  var events: [Event] { storage.withLock { $0.events } }

  /// Records `event` and wakes whoever waits for it.
  func record(_ event: Event) {
    let ready = storage.withLock { storage in
      storage.events.append(event)
      let ready = storage.waiters.filter { $0.predicate(event) }
      storage.waiters.removeAll { $0.predicate(event) }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: event) }
  }

  /// The first event, already recorded or still to come, that satisfies `predicate`.
  @discardableResult
  func first(where predicate: @escaping @Sendable (Event) -> Bool) async -> Event {
    await withCheckedContinuation { continuation in
      let found: Event? = storage.withLock { storage in
        if let match = storage.events.first(where: predicate) { return match }
        storage.waiters.append(Waiter(predicate: predicate, continuation: continuation))
        return nil
      }
      if let found { continuation.resume(returning: found) }
    }
  }

  /// Returns once `event` has been recorded.
  func wait(for event: Event) async {
    await first { $0 == event }
  }
}
