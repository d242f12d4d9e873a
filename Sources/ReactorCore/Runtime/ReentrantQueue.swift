public import Synchronization

/// Work for the thread holding a store's serial lock, processed in order right after its current
/// work: what is sent from inside the store's own processing (from `mutate`, `reduce`, a transform
/// hook, or a cancellation handler the processing ran), and mutations that effect tasks hand over
/// while another thread holds the lock (``handOver(_:)``).
///
/// The holder opens the queue to hand-overs when it takes the lock and closes it, once it is
/// empty, before it lets go: both under this queue's lock, so a hand-over is either taken by the
/// holder or refused (the task then takes the serial lock itself). ``next()`` skips that lock
/// while ``hasWork`` is false, the common case.
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
    /// True while the serial lock's holder takes hand-overs.
    @usableFromInline var isOpen = false

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == work.count }
  }

  @usableFromInline let items = Mutex(Items())
  /// False only when nothing is queued. Written under ``items``'s lock; read by the holder without
  /// it, which may miss a hand-over for a moment but never past ``close()``, which takes the lock.
  @usableFromInline let hasWork = Atomic(false)

  @inlinable
  init() {}

  /// Queues work from the serial lock's holder.
  @inlinable
  func append(_ work: Work) {
    items.withLock { items in
      items.work.append(work)
      hasWork.store(true, ordering: .relaxed)
    }
  }

  /// Queues work from another thread if the holder still takes it; `false` when no thread holds
  /// the serial lock or its holder is letting go.
  @inlinable
  func handOver(_ work: Work) -> Bool {
    items.withLock { items in
      guard items.isOpen else { return false }
      items.work.append(work)
      hasWork.store(true, ordering: .relaxed)
      return true
    }
  }

  /// Called by a thread that has just taken the serial lock.
  @inlinable
  func open() {
    items.withLock { $0.isOpen = true }
  }

  /// Closes the queue to hand-overs if it is empty; `false` when work is left to take first.
  @inlinable
  func close() -> Bool {
    items.withLock { items in
      guard items.isEmpty else { return false }
      items.isOpen = false
      return true
    }
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
      hasWork.store(false, ordering: .relaxed)
      return nil
    }
  }
}
