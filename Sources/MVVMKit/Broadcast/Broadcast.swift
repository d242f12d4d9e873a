public import ReactorCore
public import Synchronization

/// A value that changes over time and can be observed by any number of observers.
///
/// Every observer gets the current value first, then every later value, in order. Delivery goes
/// through each observer's own buffer, so a slow observer never blocks ``send(_:)`` or the others.
/// This is Rx's `BehaviorSubject` (or `share(replay: 1)`), and the building block of the MVVM view
/// models.
///
/// For example:
///
/// ```swift
/// let temperature = Broadcast(20)
/// Task { for await value in temperature.values() { print(value) } }  // 20, 21, …
/// temperature.send(21)
/// ```
///
/// **Locks.** One lock orders the values (``send(_:)`` holds it while it hands the value to every
/// buffer), and each observer's buffer has its own. A waiting observer is woken after its buffer's
/// lock is released: its cancellation handler takes that lock, and waking a task while holding a
/// lock its cancellation handler takes can deadlock (docs/design-notes.md §9).
///
/// The hot paths are `@inlinable` so that they are compiled for the app's element type: called
/// unspecialized, every send would look up generic metadata at run time.
public final class Broadcast<Element: Sendable>: Sendable {
  @usableFromInline
  struct Observers {
    @usableFromInline var latest: Element
    @usableFromInline var buffers: [ObserverBuffer<Element>] = []
    /// Synchronous observers (derived broadcasts): each returns `false` once it is no longer needed.
    @usableFromInline var handlers: [@Sendable (Element) -> Bool] = []
    @usableFromInline var isFinished = false

    @inlinable
    init(latest: Element) { self.latest = latest }

    /// Hands `value` to every buffer and handler, forgetting handlers that are done.
    @inlinable
    mutating func deliver(_ value: Element) {
      // Buffers of observers that are gone are dropped here, at the next value.
      var index = 0
      while index < buffers.count {
        if buffers[index].append(value) { index += 1 } else { buffers.remove(at: index) }
      }
      index = 0
      while index < handlers.count {
        if handlers[index](value) { index += 1 } else { handlers.remove(at: index) }
      }
    }
  }

  @usableFromInline
  let observers: Mutex<Observers>

  /// Creates a broadcast holding `initial`.
  @inlinable
  public init(_ initial: Element) {
    observers = Mutex(Observers(latest: initial))
  }

  deinit { finish() }

  /// The latest value.
  @inlinable
  public var value: Element { observers.withLock { $0.latest } }

  /// Replaces the value and delivers it to every observer.
  @inlinable
  public func send(_ value: Element) {
    observers.withLock { observers in
      observers.latest = value
      observers.deliver(value)
    }
  }

  /// Updates the value in place and delivers the result; `transform` runs under the lock.
  @inlinable
  public func update(_ transform: (inout Element) -> Void) {
    observers.withLock { observers in
      transform(&observers.latest)
      observers.deliver(observers.latest)
    }
  }

  /// The current value, then every later one, until ``finish()`` or the broadcast is released.
  ///
  /// The observer is attached when this returns, not when iteration starts: values sent in
  /// between are kept for it.
  ///
  /// - Parameter buffering: ``Buffering/every`` (the default) delivers every value; ``Buffering/latest``
  ///   gives a slow observer only the most recent one, which is what a screen needs.
  @inlinable
  public func values(buffering: Buffering = .every) -> BroadcastValues<Element> {
    let buffer = ObserverBuffer<Element>(keepsOnlyLatest: buffering == .latest)
    let isAttached = observers.withLock { observers in
      _ = buffer.append(observers.latest)
      guard !observers.isFinished else { return false }
      // Also dropped here, so a broadcast that rarely changes does not collect them.
      observers.buffers.removeAll { $0.isCancelled }
      observers.buffers.append(buffer)
      return true
    }
    if !isAttached { buffer.finish() }
    return BroadcastValues(BroadcastSubscription(buffer))
  }

  /// How an observer's buffer treats values it has not taken yet.
  public enum Buffering: Sendable {
    /// Keeps every value, in order.
    case every
    /// Keeps only the newest value.
    case latest
  }

  /// The number of observers currently attached (for tests and diagnostics).
  public var observerCount: Int { observers.withLock { $0.buffers.count { !$0.isCancelled } } }

  /// Ends every observer's sequence once it has taken what is buffered; later observers get the
  /// latest value and then the end.
  public func finish() {
    let buffers = observers.withLock { observers in
      observers.isFinished = true
      defer { observers.buffers = [] }
      return observers.buffers
    }
    for buffer in buffers { buffer.finish() }
  }

  /// Calls `handler` with every later value, synchronously, in ``send(_:)`` and with its lock held,
  /// until it returns `false`; returns the current value. What derived broadcasts are built on
  /// (``map(_:)``, ``combineLatest(_:_:_:)``): a handler must not send to a broadcast it derives
  /// from, which would wait for the lock its own caller holds.
  @inlinable
  func subscribe(_ handler: @escaping @Sendable (Element) -> Bool) -> Element {
    observers.withLock { observers in
      observers.handlers.append(handler)
      return observers.latest
    }
  }
}
