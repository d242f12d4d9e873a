import Synchronization

extension AsyncSequence where Self: Sendable, Element: Sendable, Failure == Never {
  /// Maps each element to an inner sequence and emits the elements of the latest one only (Rx's
  /// `flatMapLatest`, RxJS's `switchMap`): a new element cancels the previous inner sequence, and
  /// nothing the previous one produces afterwards is emitted.
  ///
  /// For example, the username's availability check: a newer name drops the older check.
  ///
  /// ```swift
  /// usernames.switchMap { name in validation.validateUsername(name) }
  /// // "oct", "octo" typed quickly: "oct"'s answer is never emitted
  /// ```
  ///
  /// The result ends when the upstream has ended and its last inner sequence has ended; ending the
  /// iteration of the result cancels both.
  ///
  /// **Why not `AsyncAlgorithms.flatMapLatest`.** In swift-async-algorithms 1.1.4 its state machine
  /// can fail a precondition ("Buffer should be empty if suspending",
  /// apple/swift-async-algorithms#437) when an inner element and a new downstream demand race, which
  /// crashed the server under load. This operator is a lock and a generation counter: an inner
  /// sequence yields only while its generation is the latest, checked under the same lock that
  /// starts a newer one, so a stale element can never be emitted after a newer sequence began.
  func switchMap<Inner: AsyncSequence & Sendable>(
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> AsyncStream<Inner.Element> where Inner.Element: Sendable, Inner.Failure == Never {
    AsyncStream { continuation in
      let latest = LatestInner()
      let outer = Task {
        for await element in self {
          let inner = transform(element)
          latest.state.withLock { slot in
            slot.task?.cancel()
            slot.generation &+= 1
            let generation = slot.generation
            slot.task = Task {
              for await value in inner {
                let isLatest = latest.state.withLock { slot in
                  guard slot.generation == generation else { return false }
                  continuation.yield(value)
                  return true
                }
                if !isLatest { return }
              }
            }
          }
        }
        // The upstream has ended (or the result was dropped): the result ends with the last inner
        // sequence, which a cancellation of this task cancels too.
        let last = latest.state.withLock { $0.task }
        await withTaskCancellationHandler {
          await last?.value
        } onCancel: {
          last?.cancel()
        }
        continuation.finish()
      }
      // Only cancels the outer task, and takes no lock: this handler runs while the consumer's task
      // is being cancelled, holding that task's status lock, which an inner task yielding under
      // `latest` also takes. Taking `latest` here would order the two locks both ways (a deadlock
      // seen in a test run); the outer task cancels the inner one instead.
      continuation.onTermination = { _ in outer.cancel() }
    }
  }
}

/// The generation of the latest inner sequence and its task, shared by the tasks of one `switchMap`.
private final class LatestInner: Sendable {
  let state = Mutex<(generation: UInt64, task: Task<Void, Never>?)>((0, nil))
}
