/// The rule of ``Broadcast``: values and new observers go through one queue, which one thread at a
/// time (the *drainer*) hands to the observers, in order.
///
/// A pure value, held under a lock by ``Broadcast``, which calls the observers after unlocking.
///
/// **Hand-over.** Whoever sends, observes or finishes while nobody drains becomes the drainer: it
/// carries out the returned action, then asks ``next(forgetting:)`` for the next one until the queue
/// is empty. Whoever does so while a drain is under way (another thread, or the drainer itself from
/// inside an observer) only queues and returns; the drainer delivers it before it lets go. So each
/// observer gets every value in the one order the queue gives, one call at a time, and an observer
/// that sends to the broadcast it observes queues the value instead of recursing or deadlocking.
///
/// **Versions.** Every accepted value has a version. A derived broadcast starts from a value it read
/// (``latest`` at ``version``) and registers with `since:` that version; when its registration is
/// reached, it is called first only if a value was delivered in between, so it never misses one and
/// a quiet broadcast costs it no extra call.
@usableFromInline
struct BroadcastStateMachine<Element, Observer> {
  @usableFromInline
  enum Item {
    case value(Element, version: UInt64)
    case register(Observer, since: UInt64?)
    case finish
  }

  @usableFromInline
  enum Action {
    /// Hand `value` to every observer in `observers`, then call ``next(forgetting:)`` with the
    /// indices of those that are gone.
    case deliver(Element, to: [Observer])
    /// Hand `value` to a new observer (its first call), ending it after if the broadcast is
    /// finished; then call ``next(forgetting:)``.
    case introduce(Observer, first: Element, thenFinish: Bool)
    /// End these observers (the broadcast finished); then call ``next(forgetting:)``.
    case finish([Observer])
    /// Nothing to do: the item was queued for the drainer, or the queue is empty and the drain is over.
    case none
  }

  /// The version of the latest value accepted.
  @usableFromInline private(set) var version: UInt64 = 0
  /// The value most recently taken for delivery, and its version: what a new observer starts from.
  @usableFromInline private(set) var delivered: Element
  @usableFromInline private(set) var deliveredVersion: UInt64 = 0
  @usableFromInline private(set) var observers: [Observer] = []
  @usableFromInline private(set) var isDraining = false
  @usableFromInline private(set) var isFinished = false
  /// Queued items; those before `head` are taken.
  @usableFromInline var queue: [Item] = []
  @usableFromInline var head = 0

  init(_ initial: Element) {
    delivered = initial
  }

  /// The latest value accepted (what ``Broadcast/value`` reads): the last one queued, or else the
  /// last one delivered. (Not stored apart: one copy less of every value sent.)
  @inlinable
  var latest: Element {
    guard version != deliveredVersion else { return delivered }
    for item in queue.reversed() {
      if case .value(let value, _) = item { return value }
    }
    return delivered
  }

  /// Items waiting for the drainer.
  @inlinable
  var queuedCount: Int { queue.count - head }

  /// Accepts `value`: the caller delivers it now, or it is queued for the drainer.
  @inlinable
  mutating func send(_ value: Element) -> Action {
    version &+= 1
    guard !isDraining else {
      queue.append(.value(value, version: version))
      return .none
    }
    // The common case, without making a queue item: nobody delivers, so the caller does.
    delivered = value
    deliveredVersion = version
    guard !observers.isEmpty, !isFinished else { return .none }
    isDraining = true
    return .deliver(value, to: observers)
  }

  /// Accepts `value` only if no value was accepted since `expected` (an optimistic update: the
  /// caller computed `value` from ``latest`` at that version with no lock held); `nil` if one was.
  @inlinable
  mutating func send(_ value: Element, ifVersionIs expected: UInt64) -> Action? {
    guard version == expected else { return nil }
    return send(value)
  }

  /// Adds an observer at this point of the queue. With `since: nil` its first call is the value
  /// delivered before it; with a version, only if a newer value was delivered by then.
  mutating func register(_ observer: Observer, since: UInt64?) -> Action {
    accept(.register(observer, since: since))
  }

  /// Ends the broadcast at this point of the queue: its observers are ended and forgotten, later
  /// values only change ``latest``, and later observers get one value and then their end.
  mutating func finish() -> Action {
    accept(.finish)
  }

  /// The drainer carried out the last action: the next one, or `.none` when the drain is over.
  /// `gone` are indices into the observers it delivered to that want no more values.
  @inlinable
  mutating func next(forgetting gone: [Int] = []) -> Action {
    precondition(isDraining, "Broadcast: next() without a drain under way")
    for index in gone.reversed() { observers.remove(at: index) }
    while head < queue.count {
      let item = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      let action = process(item)
      if case .none = action { continue }
      return action
    }
    isDraining = false
    return .none
  }

  @inlinable
  mutating func accept(_ item: Item) -> Action {
    if isDraining {
      queue.append(item)
      return .none
    }
    isDraining = true
    let action = process(item)
    if case .none = action { return next() }
    return action
  }

  /// Applies `item`; `.none` when it needs no call (a value with nobody to deliver to, a derived
  /// observer that is up to date).
  @inlinable
  mutating func process(_ item: Item) -> Action {
    switch item {
    case .value(let value, let version):
      delivered = value
      deliveredVersion = version
      return observers.isEmpty || isFinished ? .none : .deliver(value, to: observers)
    case .register(let observer, let since):
      if isFinished { return .introduce(observer, first: delivered, thenFinish: true) }
      observers.append(observer)
      if let since, since == deliveredVersion { return .none }
      return .introduce(observer, first: delivered, thenFinish: false)
    case .finish:
      guard !isFinished else { return .none }
      isFinished = true
      defer { observers = [] }
      return observers.isEmpty ? .none : .finish(observers)
    }
  }
}
