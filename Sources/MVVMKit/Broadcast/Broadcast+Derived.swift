public import ReactorCore
public import Synchronization

// Broadcasts computed from other broadcasts, synchronously: when a source changes, everything
// derived from it has changed by the time `send` returns, with no task and no buffer in between
// (Rx's synchronous operators, RxCocoa's `map`/`combineLatest` on a `BehaviorRelay`).
//
// A derived broadcast lives as long as its sources: they hold it strongly. (Weak references were
// measured: once an object is weakly referenced, every retain and release of it takes a slower
// path, which cost a fifth of the view model's time.) Derive from long-lived broadcasts once, not
// per use.

extension Broadcast {
  /// A broadcast of `transform` applied to this one's value, updated on every change.
  ///
  /// For example:
  ///
  /// ```swift
  /// let password = Broadcast("")
  /// let result = password.map(validation.validatePassword)   // result.value: validated ""
  /// password.send("secret")                                  // result.value: validated "secret"
  /// ```
  @inlinable
  public func map<Derived: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Derived
  ) -> Broadcast<Derived> {
    derive { output, value in output.send(transform(value)) } start: { Broadcast<Derived>(transform($0)) }
  }

  /// Calls `observer` with the current value, then synchronously with every later one (in
  /// ``send(_:)``, with the lock held), until the observation is cancelled or released.
  ///
  /// For side effects that must keep pace with the value, such as starting a request for each
  /// new username. `observer` must not send to this broadcast, which would wait for the lock its
  /// caller holds; anything slow belongs in a task it starts.
  @inlinable
  public func observe(_ observer: @escaping @Sendable (Element) -> Void) -> BroadcastObservation {
    let observation = BroadcastObservation()
    let isActive = observation.isActive
    observers.withLock { observers in
      observer(observers.latest)
      observers.handlers.append { value in
        guard isActive.value else { return false }
        observer(value)
        return true
      }
    }
    return observation
  }

  /// A broadcast of the values of this one that differ from the previous one (Rx's
  /// `distinctUntilChanged`).
  @inlinable
  public func removingDuplicates() -> Broadcast<Element> where Element: Equatable {
    derive { output, value in output.sendIfChanged(value) } start: { Broadcast($0) }
  }

  /// A broadcast made by `start` from the current value, then changed by `update` on every later
  /// one. Both happen under this broadcast's lock, so no change falls in between.
  @inlinable
  func derive<Derived: Sendable>(
    update: @escaping @Sendable (Broadcast<Derived>, Element) -> Void,
    start: (Element) -> Broadcast<Derived>
  ) -> Broadcast<Derived> {
    observers.withLock { observers in
      let output = start(observers.latest)
      observers.handlers.append { value in
        update(output, value)
        return true
      }
      return output
    }
  }

  /// Sends `value` unless it equals the current one, deciding under the lock.
  @inlinable
  func sendIfChanged(_ value: Element) where Element: Equatable {
    observers.withLock { observers in
      guard observers.latest != value else { return }
      observers.latest = value
      observers.deliver(value)
    }
  }

  /// A broadcast of `transform` applied to the latest values of two broadcasts, updated whenever
  /// either changes (Rx's `combineLatest`).
  ///
  /// For example:
  ///
  /// ```swift
  /// let repeatedResult = Broadcast.combineLatest(password, repeated) { password, repeated in
  ///   validation.validateRepeatedPassword(password, repeated: repeated)
  /// }
  /// ```
  @inlinable
  public static func combineLatest<First: Sendable, Second: Sendable>(
    _ first: Broadcast<First>,
    _ second: Broadcast<Second>,
    _ transform: @escaping @Sendable (First, Second) -> Element
  ) -> Broadcast<Element> {
    let node = CombineLatestNode<First, Second, Element>(transform)
    // The handlers hold the node, and the node holds the output.
    let firstValue = first.subscribe { value in
      node.update(first: value)
      return true
    }
    let secondValue = second.subscribe { value in
      node.update(second: value)
      return true
    }
    return node.start(first: firstValue, second: secondValue)
  }
}

/// The latest value of each source of ``Broadcast/combineLatest(_:_:_:)``, and its output.
///
/// The sources' handlers hold it, and it holds the output.
@usableFromInline
final class CombineLatestNode<First: Sendable, Second: Sendable, Output: Sendable>: Sendable {
  @usableFromInline
  struct Latest {
    @usableFromInline var first: First?
    @usableFromInline var second: Second?
    @usableFromInline var output: Broadcast<Output>?
    @usableFromInline var isStarted = false

    @inlinable
    init(first: First? = nil, second: Second? = nil, output: Broadcast<Output>? = nil, isStarted: Bool = false) {
      self.first = first
      self.second = second
      self.output = output
      self.isStarted = isStarted
    }
  }

  @usableFromInline let latest = Mutex(Latest())
  @usableFromInline let transform: @Sendable (First, Second) -> Output

  @inlinable
  init(_ transform: @escaping @Sendable (First, Second) -> Output) { self.transform = transform }

  /// Makes the output from the sources' values at subscription, unless a handler already brought
  /// a newer one.
  @inlinable
  func start(first: First, second: Second) -> Broadcast<Output> {
    latest.withLock { latest in
      let first = latest.first ?? first
      let second = latest.second ?? second
      let output = Broadcast(transform(first, second))
      latest = Latest(first: first, second: second, output: output, isStarted: true)
      return output
    }
  }

  @inlinable
  func update(first value: First) {
    latest.withLock { latest in
      latest.first = value
      publish(latest)
    }
  }

  @inlinable
  func update(second value: Second) {
    latest.withLock { latest in
      latest.second = value
      publish(latest)
    }
  }

  /// Sends the combination, under the node's lock so outputs keep the order of the updates.
  @inlinable
  func publish(_ latest: Latest) {
    guard latest.isStarted, let output = latest.output, let first = latest.first, let second = latest.second else {
      return  // not started: `start` makes the output from these values
    }
    output.send(transform(first, second))
  }
}
