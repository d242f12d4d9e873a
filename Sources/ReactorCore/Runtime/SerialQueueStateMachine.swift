/// The rule that serializes a store's work: items are processed one at a time, in the order they
/// were enqueued, by whichever caller found nobody processing them (the drainer).
///
/// A pure value: the storage that holds it (``ReactorStorage``) takes its lock only for these
/// transitions and carries out what they return after unlocking, so no user code ever runs under
/// the lock.
///
/// **Contract.**
/// - ``enqueue(_:)`` when nobody drains makes the caller the drainer (``EnqueueAction/startDraining``):
///   it processes its own item at once, then asks ``next()`` until told to stop. The item is not
///   stored, since nothing is queued ahead of it (the queue is empty whenever nobody drains).
/// - ``enqueue(_:)`` while somebody drains (another thread, or the drainer itself re-entrantly)
///   appends the item and returns ``EnqueueAction/handedOver``: the drainer processes it, in order,
///   before it stops. Nobody waits and nothing is lost.
/// - ``next()`` hands out the oldest item, or ends the drain when there is none
///   (``NextAction/stopDraining``): from then on, the next ``enqueue(_:)`` starts a new drain.
@usableFromInline
struct SerialQueueStateMachine<Item> {
  /// Items waiting for the drainer, oldest at `head`.
  @usableFromInline var pending: [Item] = []
  @usableFromInline var head = 0
  /// True from a ``EnqueueAction/startDraining`` until the ``NextAction/stopDraining`` that ends it.
  @usableFromInline private(set) var isDraining = false

  @usableFromInline
  enum EnqueueAction: Equatable {
    /// The caller is now the drainer: it processes its item, then calls ``next()`` until it stops.
    case startDraining
    /// The item is queued; the current drainer processes it before it stops.
    case handedOver
  }

  @usableFromInline
  enum NextAction {
    /// The oldest queued item, for the drainer to process.
    case process(Item)
    /// Nothing is queued: the caller is no longer the drainer.
    case stopDraining
  }

  @inlinable
  init() {}

  /// The number of items waiting (for tests and diagnostics).
  @inlinable
  var pendingCount: Int { pending.count - head }

  @inlinable
  mutating func enqueue(_ item: Item) -> EnqueueAction {
    guard isDraining else {
      isDraining = true
      return .startDraining
    }
    pending.append(item)
    return .handedOver
  }

  /// For the drainer only: its next item, or the end of its drain.
  @inlinable
  mutating func next() -> NextAction {
    precondition(isDraining, "next() is for the drainer")
    if head < pending.count {
      defer { head += 1 }
      return .process(pending[head])
    }
    // A queue that grew in a burst gives its memory back; a small one keeps it for the next burst.
    pending.removeAll(keepingCapacity: pending.capacity <= 64)
    head = 0
    isDraining = false
    return .stopDraining
  }
}
