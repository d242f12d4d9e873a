public import Synchronization

/// Work sent to a store from inside its own processing (from `mutate`, `reduce`, a transform hook,
/// or a cancellation handler the processing ran), processed in order right after the current work.
///
/// Only the thread holding the store's serial lock appends and takes, so the lock here is never
/// contended; ``isEmpty`` lets the common case (nothing re-entrant) skip it entirely.
@usableFromInline
final class ReentrantQueue<Action: Sendable, Mutation: Sendable>: Sendable {
  @usableFromInline
  enum Work: Sendable {
    case action(Action)
    case mutation(Mutation, from: TaskID)
  }

  @usableFromInline
  struct Items: Sendable {
    @usableFromInline var work: [Work] = []
    @usableFromInline var head = 0

    @inlinable init() {}
  }

  @usableFromInline let items = Mutex(Items())
  /// False only when nothing is queued. Read and written by the serial lock's holder alone, so
  /// relaxed ordering is enough: the lock orders one holder's writes before the next one's reads.
  @usableFromInline let hasWork = Atomic(false)

  @inlinable
  init() {}

  @inlinable
  func append(_ work: Work) {
    items.withLock { $0.work.append(work) }
    hasWork.store(true, ordering: .relaxed)
  }

  /// The oldest queued work, or `nil` when there is none.
  @inlinable
  func next() -> Work? {
    guard hasWork.load(ordering: .relaxed) else { return nil }
    return items.withLock { items in
      if items.head < items.work.count {
        defer { items.head += 1 }
        return items.work[items.head]
      }
      items.work.removeAll(keepingCapacity: items.work.capacity <= 64)
      items.head = 0
      hasWork.store(false, ordering: .relaxed)
      return nil
    }
  }
}
