/// The rule of ``Broadcast/combineLatest(_:_:_:)`` (and of its four-source form): the latest value of
/// each source, and the combinations still to compute, handed to one combiner at a time.
///
/// `Values` is the tuple of the sources' latest values. The sources are delivered by different
/// threads, so their updates can race. Each update records the tuple it makes under the node's lock;
/// whoever updates while nobody combines becomes the combiner and combines that tuple, then the ones
/// queued meanwhile (``next()``), in order. So the output gets one value per update, in the order of
/// the updates, ending on the latest of each source, and `transform` runs with no lock held, one
/// tuple at a time.
@usableFromInline
struct CombineLatestStateMachine<Values> {
  /// The latest value of each source.
  @usableFromInline private(set) var values: Values
  @usableFromInline private(set) var isCombining = false
  @usableFromInline var queue: [Values] = []
  @usableFromInline var head = 0

  init(_ values: Values) {
    self.values = values
  }

  /// A source changed (`change` stores its new value): the tuple to combine now, or `nil` when the
  /// combiner will.
  @inlinable
  mutating func update(_ change: (inout Values) -> Void) -> Values? {
    change(&values)
    guard !isCombining else {
      queue.append(values)
      return nil
    }
    isCombining = true
    return values
  }

  /// The combiner sent the last tuple's combination: the next tuple, or `nil` and it stops.
  @inlinable
  mutating func next() -> Values? {
    precondition(isCombining, "combineLatest: next() without a combiner")
    guard head < queue.count else {
      queue.removeAll(keepingCapacity: true)
      head = 0
      isCombining = false
      return nil
    }
    defer { head += 1 }
    return queue[head]
  }
}
