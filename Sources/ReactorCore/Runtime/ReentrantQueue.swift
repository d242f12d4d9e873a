public import Synchronization

/// Work for the thread holding a store's serial lock, processed in order right after its current
/// work: what is sent from inside the store's own processing (from `mutate`, `reduce`, a transform
/// hook, or a cancellation handler the processing ran), and mutations that effect tasks hand over
/// while another thread holds the lock (``handOver(_:)``).
///
/// The holder opens the queue to hand-overs when it takes the lock and closes it before it lets
/// go. Closing and handing over meet on two atomics, as in Dekker's algorithm: the holder clears
/// ``isOpen`` and then reads ``hasWork``; a hand-over queues its work (setting ``hasWork``) and then
/// reads ``isOpen``. Sequentially consistent, at least one of them sees the other's write: the
/// holder finds the work and takes it, or the handing thread sees the queue closed and takes the
/// serial lock to process it itself (both may happen; the second then finds nothing). Nothing is
/// stranded, and the common path takes no lock (``next()`` skips it while ``hasWork`` is false).
@usableFromInline
final class ReentrantQueue<Action: Sendable, Mutation: Sendable>: Sendable {
  @usableFromInline
  enum Work: Sendable {
    case action(Action)
    case mutation(Mutation, from: TaskID)
    /// The task has ended: it leaves the task table after the mutations it handed over.
    case finish(TaskID)
  }

  @usableFromInline
  struct Items: Sendable {
    @usableFromInline var work: [Work] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == work.count }
  }

  @usableFromInline let items = Mutex(Items())
  /// False only when nothing is queued. Set under ``items``'s lock.
  @usableFromInline let hasWork = Atomic(false)
  /// True while the serial lock's holder takes hand-overs.
  @usableFromInline let isOpen = Atomic(false)

  @inlinable
  init() {}

  /// Queues work from the serial lock's holder.
  @inlinable
  func append(_ work: Work) {
    items.withLock { items in
      items.work.append(work)
      hasWork.store(true, ordering: .sequentiallyConsistent)
    }
  }

  /// Queues work from another thread; `true` when the serial lock's holder will take it, `false`
  /// when the caller must take the serial lock and process the queue itself.
  @inlinable
  func handOver(_ work: Work) -> Bool {
    append(work)
    return isOpen.load(ordering: .sequentiallyConsistent)
  }

  /// Called by a thread that has just taken the serial lock.
  @inlinable
  func open() {
    isOpen.store(true, ordering: .sequentiallyConsistent)
  }

  /// Closes the queue to hand-overs, unless work came in: then it stays open and returns `false`,
  /// and the holder takes that work first.
  @inlinable
  func close() -> Bool {
    isOpen.store(false, ordering: .sequentiallyConsistent)
    guard hasWork.load(ordering: .sequentiallyConsistent) else { return true }
    isOpen.store(true, ordering: .sequentiallyConsistent)
    return false
  }

  /// The oldest queued work, or `nil` when there is none.
  @inlinable
  func next() -> Work? {
    guard hasWork.load(ordering: .relaxed) else { return nil }
    return items.withLock { items in
      if !items.isEmpty {
        defer { items.head += 1 }
        return items.work[items.head]
      }
      items.work.removeAll(keepingCapacity: items.work.capacity <= 64)
      items.head = 0
      hasWork.store(false, ordering: .sequentiallyConsistent)
      return nil
    }
  }
}
