/// The rule of ``Broadcast/combineLatest(_:_:_:)``: the latest value of each source, and the pairs
/// still to combine, handed to one combiner at a time.
///
/// The two sources are delivered by different threads, so their updates can race. Each update
/// records the pair it makes under the node's lock; whoever updates while nobody combines becomes
/// the combiner and combines that pair, then the pairs queued meanwhile (``next()``), in order.
/// So the output gets one value per update, in the order of the updates, ending on the latest of
/// each source, and `transform` runs with no lock held, one pair at a time.
@usableFromInline
struct CombineLatestStateMachine<First, Second> {
  @usableFromInline private(set) var first: First
  @usableFromInline private(set) var second: Second
  @usableFromInline private(set) var isCombining = false
  @usableFromInline var queue: [(First, Second)] = []
  @usableFromInline var head = 0

  @inlinable
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  /// The first source changed: the pair to combine now, or `nil` when the combiner will.
  @inlinable
  mutating func update(first value: First) -> (First, Second)? {
    first = value
    return accept()
  }

  /// The second source changed: the pair to combine now, or `nil` when the combiner will.
  @inlinable
  mutating func update(second value: Second) -> (First, Second)? {
    second = value
    return accept()
  }

  /// The combiner sent the last pair's combination: the next pair, or `nil` and it stops.
  @inlinable
  mutating func next() -> (First, Second)? {
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

  @inlinable
  mutating func accept() -> (First, Second)? {
    guard !isCombining else {
      queue.append((first, second))
      return nil
    }
    isCombining = true
    return (first, second)
  }
}
