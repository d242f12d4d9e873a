/// Values handed to one deliverer at a time, in the order they were queued: how ``Throttle`` keeps
/// its deliveries in the order its machine decided them.
///
/// A pure value, kept under the throttle's lock next to ``ThrottleStateMachine``. Whoever queues a
/// value while nobody delivers delivers it (``enqueue(_:)`` returns it), then asks ``next()`` for
/// the values queued meanwhile, until there are none; whoever queues while a delivery is under way
/// (another thread: a timer, a flush, a submit; or the deliverer itself from inside `deliver`) only
/// queues. Without it, a timer delivering the held value and a submit right after a flush could
/// each call `deliver` on their own thread, at the same time, and the older value could land last.
struct DeliveryQueue<Value> {
  private var queue: [Value] = []
  private var head = 0
  private(set) var isDelivering = false

  init() {}

  /// `value` is to be delivered: returned if the caller delivers it now, `nil` if it is queued for
  /// the deliverer.
  mutating func enqueue(_ value: Value) -> Value? {
    guard !isDelivering else {
      queue.append(value)
      return nil
    }
    isDelivering = true
    return value
  }

  /// The deliverer delivered its value: the next one, or `nil` and it stops.
  mutating func next() -> Value? {
    precondition(isDelivering, "Throttle: next() without a delivery under way")
    guard head < queue.count else {
      queue.removeAll(keepingCapacity: true)
      head = 0
      isDelivering = false
      return nil
    }
    defer { head += 1 }
    return queue[head]
  }
}
