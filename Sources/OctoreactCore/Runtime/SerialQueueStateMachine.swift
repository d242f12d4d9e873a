/// The rule that serializes a store's work: items are processed one at a time, in the order they
/// were enqueued, by whichever caller found nobody processing them (the drainer); and the rule that
/// keeps the queue bounded when a thread sends faster than the drainer processes.
///
/// A pure value: the storage that holds it (``ReactorStorage``) takes its lock only for these
/// transitions and carries out what they return after unlocking, so no user code ever runs under
/// the lock. `Waiter` is whatever the storage blocks a sender on (a semaphore); the machine only
/// keeps the waiters and says when to wake them.
///
/// **Contract.**
/// - ``enqueue(_:callerIsInDrainContext:)`` when nobody drains makes the caller the drainer
///   (``EnqueueAction/startDraining``): it processes its own item at once, then asks ``next()``
///   until told to stop. The item is not stored, since nothing is queued ahead of it.
/// - ``enqueue(_:callerIsInDrainContext:)`` while somebody drains (another thread, or the drainer itself
///   re-entrantly) appends the item and returns ``EnqueueAction/handedOver``: the drainer processes
///   it, in order, before it stops.
/// - **Back-pressure.** Once ``pendingCount`` reaches ``limit``, ``next()`` tells the drainer to
///   enter the *drain context* before its next item (``NextAction/processInDrainContext(_:)``): a
///   scoped marker, visible to every call made from inside that drain, that says "this caller is
///   processing a store". From then on an enqueue that finds more than ``limit`` items waiting, by a
///   caller outside any drain context, returns ``EnqueueAction/wait``: its item is queued and the
///   caller blocks (``addWaiter(_:)``) until ``next()`` has brought the queue down to ``lowMark``
///   (or the drain stops), then returns. A caller inside a drain context (this drainer re-entrantly,
///   or the drainer of another store sending from an observer) never waits: it is handed over as
///   usual, even past the limit.
/// - **Why this never deadlocks.** Only a drainer in the drain context can be waited for, and such a
///   drainer never waits: so a waiter waits for a thread that keeps processing, and no chain of
///   waits can close into a cycle (a waiter may hold another store's drain, one that was not in the
///   drain context, so nobody waits on that store). No thread identity, no timing: the condition is
///   a count of items and a marker scoped to the drain's calls.
/// - ``next()`` hands out the oldest item, or ends the drain when there is none
///   (``NextAction/stopDraining``): from then on, the next enqueue starts a new drain. It returns the
///   waiters to wake (after unlocking).
@usableFromInline
struct SerialQueueStateMachine<Item, Waiter> {
  /// Items waiting for the drainer, oldest at `head`.
  @usableFromInline var pending: [Item] = []
  @usableFromInline var head = 0
  /// True from a ``EnqueueAction/startDraining`` until the ``NextAction/stopDraining`` that ends it.
  @usableFromInline private(set) var isDraining = false
  /// True once the current drainer was told to enter the drain context; senders may then wait.
  @usableFromInline private(set) var isInDrainContext = false
  /// Senders blocked until the queue is down to ``lowMark``.
  @usableFromInline var waiters: [Waiter] = []
  /// The number of waiting items from which senders outside any drain wait.
  @usableFromInline let limit: Int

  @usableFromInline
  enum EnqueueAction: Equatable {
    /// The caller is now the drainer: it processes its item, then calls ``next()`` until it stops.
    case startDraining
    /// The item is queued; the current drainer processes it before it stops.
    case handedOver
    /// The item is queued, and the queue is over its limit: the caller registers a waiter
    /// (``addWaiter(_:)``) in the same critical section and blocks on it after unlocking.
    case wait
  }

  @usableFromInline
  enum NextAction {
    /// The oldest queued item, for the drainer to process.
    case process(Item)
    /// The queue has reached its limit: the drainer enters the drain context, then processes `item`
    /// and the rest of its drain there.
    case processInDrainContext(Item)
    /// Nothing is queued: the caller is no longer the drainer.
    case stopDraining
  }

  /// A queue whose senders wait once `limit` items are waiting (at least 2).
  init(limit: Int = 1024) {
    precondition(limit >= 2, "the limit must leave room for a low mark")
    self.limit = limit
  }

  /// The number of items waiting (for tests and diagnostics).
  @inlinable
  var pendingCount: Int { pending.count - head }

  /// The queue length down to which waiting senders are held: half the limit, so that a flooding
  /// sender is woken once per `limit / 2` items, not once per item.
  @inlinable
  var lowMark: Int { limit / 2 }

  /// Queues `item`. `callerIsInDrainContext` is asked only when the answer could be ``EnqueueAction/wait``.
  @inlinable
  mutating func enqueue(_ item: Item, callerIsInDrainContext: @autoclosure () -> Bool) -> EnqueueAction {
    guard isDraining else {
      isDraining = true
      return .startDraining
    }
    pending.append(item)
    if isInDrainContext, pendingCount > limit, !callerIsInDrainContext() { return .wait }
    return .handedOver
  }

  /// Registers the waiter of the enqueue that just returned ``EnqueueAction/wait``.
  @usableFromInline
  mutating func addWaiter(_ waiter: Waiter) {
    waiters.append(waiter)
  }

  /// For the drainer only: its next item, or the end of its drain; and the waiters to wake.
  @inlinable
  mutating func next() -> (action: NextAction, wake: [Waiter]) {
    precondition(isDraining, "next() is for the drainer")
    guard head < pending.count else {
      // A queue that grew in a burst gives its memory back; a small one keeps it for the next burst.
      pending.removeAll(keepingCapacity: pending.capacity <= 64)
      head = 0
      isDraining = false
      isInDrainContext = false
      return (.stopDraining, takeWaiters())
    }
    let hasReachedLimit = pendingCount >= limit
    let item = pending[head]
    head += 1
    // A drain that never empties (a sender keeps it busy) drops the items it has handed out, so the
    // array stays within twice the waiting items; amortized O(1) per item.
    if head >= 64, head * 2 >= pending.count {
      pending.removeFirst(head)
      head = 0
    }
    let wake = waiters.isEmpty || pendingCount > lowMark ? [] : takeWaiters()
    if !isInDrainContext, hasReachedLimit {
      isInDrainContext = true
      return (.processInDrainContext(item), wake)
    }
    return (.process(item), wake)
  }

  @inlinable
  mutating func takeWaiters() -> [Waiter] {
    defer { waiters = [] }
    return waiters
  }
}
