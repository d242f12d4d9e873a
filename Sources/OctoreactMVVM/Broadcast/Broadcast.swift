public import OctoreactCore

/// A value that changes over time and can be observed by any number of observers.
///
/// Every observer gets the current value first, then every later value, in order. A sequence
/// observer (``values(buffering:)``) goes through its own buffer, so a slow one never blocks
/// ``send(_:)`` or the others. This is Rx's `BehaviorSubject` (or `share(replay: 1)`), and the
/// building block of the MVVM view models.
///
/// For example:
///
/// ```swift
/// let temperature = Broadcast(20)
/// Task { for await value in temperature.values() { print(value) } }  // 20, 21, …
/// temperature.send(21)
/// ```
///
/// **Ordering.** Values and new observers go through one queue, handed to the observers by one
/// thread at a time, with no lock held (the rule: `BroadcastStateMachine`). A ``send(_:)`` made
/// while nobody delivers this broadcast's values delivers them before it returns, so everything
/// derived from it (``map(_:)``, ``combineLatest(_:_:_:)``) has its new value when `send` returns.
/// A `send` made while another thread delivers, or from inside an observer of this broadcast, is
/// queued and returns at once: the delivering thread delivers it, in order, before it lets go.
/// Each observer is thus called one value at a time, in the one order of the queue, and may read
/// ``value``, send to any broadcast, observe or cancel.
///
/// **Locks.** One lock guards the machine; each sequence observer's buffer has its own, taken by
/// the deliverer after the broadcast's is released. A waiting sequence observer is woken after its
/// buffer's lock is released (docs/design-notes.md §9).
///
/// The hot paths are `@inlinable` so that they are compiled for the app's element type: called
/// unspecialized, every send would look up generic metadata at run time.
public final class Broadcast<Element: Sendable>: Sendable {
  @usableFromInline
  typealias Machine = BroadcastStateMachine<Element, BroadcastObserver<Element>>

  @usableFromInline
  let machine: RuntimeLock<Machine>

  /// Creates a broadcast holding `initial`.
  public init(_ initial: Element) {
    machine = RuntimeLock(Machine(initial))
  }

  deinit { finish() }

  /// The latest value sent.
  @inlinable
  public var value: Element { machine.withLock { $0.latest } }

  /// Replaces the value and delivers it to every observer.
  @inlinable
  public func send(_ value: Element) {
    drain(machine.withLock { $0.send(value) })
  }

  /// Updates the value in place and delivers the result.
  ///
  /// `transform` runs with no lock held, on a copy of the latest value; if another value is sent
  /// meanwhile, it runs again on that one, so it must only compute the new value.
  @inlinable
  public func update(_ transform: (inout Element) -> Void) {
    while true {
      var (value, version) = snapshot
      transform(&value)
      if let action = machine.withLock({ $0.send(value, ifVersionIs: version) }) { return drain(action) }
    }
  }

  /// The current value, then every later one, until ``finish()`` or the broadcast is released.
  ///
  /// The observer is attached at this point of the broadcast's queue: when nobody is delivering,
  /// before this returns; values sent after that are kept for it, whenever iteration starts.
  ///
  /// - Parameter buffering: ``Buffering/every`` (the default) delivers every value; ``Buffering/latest``
  ///   gives a slow observer only the most recent one, which is what a screen needs.
  public func values(buffering: Buffering = .every) -> BroadcastValues<Element> {
    let buffer = ObserverBuffer<Element>(keepsOnlyLatest: buffering == .latest)
    drain(machine.withLock { $0.register(.buffer(buffer), since: nil) })
    return BroadcastValues(BroadcastSubscription(buffer))
  }

  /// How an observer's buffer treats values it has not taken yet.
  public enum Buffering: Sendable {
    /// Keeps every value, in order.
    case every
    /// Keeps only the newest value.
    case latest
  }

  /// The number of sequence observers currently attached (for tests and diagnostics).
  public var observerCount: Int {
    machine.withLock { $0.observers }.count { $0.isAttachedSequence }
  }

  /// Ends every observer's sequence once it has taken what is buffered, and stops calling
  /// synchronous observers; later values only change ``value``, and later observers get the latest
  /// value and then the end.
  public func finish() {
    drain(machine.withLock { $0.finish() })
  }

  /// The latest value and its version, read together.
  @inlinable
  var snapshot: (value: Element, version: UInt64) {
    machine.withLock { ($0.latest, $0.version) }
  }

  /// Adds `handler`, called with every value after version `since` (and first with the value
  /// delivered by then, if it is newer), until it returns `false`. What derived broadcasts and
  /// ``observe(_:)`` are built on.
  @usableFromInline
  func register(_ handler: @escaping @Sendable (Element) -> Bool, since: UInt64?) {
    drain(machine.withLock { $0.register(.handler(handler), since: since) })
  }

  /// Carries out `action` and every one after it until the queue is empty, with no lock held.
  ///
  /// Each action is consumed, not copied, and the observers are called in place through the
  /// list's buffer, so no value costs a retain and a release of the list or of the action (measured
  /// on workload (c): `swift_retain`/`swift_release` went from 25 % to 21 % of the CPU samples).
  @inlinable
  func drain(_ action: consuming Machine.Action) {
    while true {
      switch consume action {
      case .none:
        return
      case .deliver(let value, let observers):
        let gone = observers.withUnsafeBufferPointer { observers in
          var gone: [Int] = []
          for index in observers.indices where !observers[index].deliver(value) { gone.append(index) }
          return gone
        }
        action = machine.withLock { gone.isEmpty ? $0.next() : $0.next(forgetting: gone) }
      case .introduce(let observer, let first, let thenFinish):
        _ = observer.deliver(first)
        if thenFinish { observer.finish() }
        action = machine.withLock { $0.next() }
      case .finish(let observers):
        for observer in observers { observer.finish() }
        action = machine.withLock { $0.next() }
      }
    }
  }
}
