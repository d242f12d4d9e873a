import Synchronization

// Broadcasts computed from other broadcasts, synchronously: when a source changes, everything
// derived from it has changed by the time `send` returns, with no task and no buffer in between
// (Rx's synchronous operators, RxCocoa's `map`/`combineLatest` on a `BehaviorRelay`).
//
// A derived broadcast lives as long as something holds it; its sources hold it weakly, and forget
// it at their next change once it is gone.

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
  public func map<Derived: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Derived
  ) -> Broadcast<Derived> {
    derive { output, value in output.send(transform(value)) } start: { Broadcast<Derived>(transform($0)) }
  }

  /// A broadcast of the values of this one that differ from the previous one (Rx's
  /// `distinctUntilChanged`).
  public func removingDuplicates() -> Broadcast<Element> where Element: Equatable {
    derive { output, value in output.sendIfChanged(value) } start: { Broadcast($0) }
  }

  /// A broadcast made by `start` from the current value, then changed by `update` on every later
  /// one; subscribing and reading the current value are one step, so no change falls in between.
  private func derive<Derived: Sendable>(
    update: @escaping @Sendable (Broadcast<Derived>, Element) -> Void,
    start: (Element) -> Broadcast<Derived>
  ) -> Broadcast<Derived> {
    let slot = Mutex(DerivedSlot<Element, Derived>())
    let current = subscribe { value in
      slot.withLock { slot in
        guard slot.isStarted else {
          slot.changedBeforeStart = value  // the output is made next, from this newer value
          return true
        }
        guard let output = slot.output else { return false }
        update(output, value)
        return true
      }
    }
    return slot.withLock { slot in
      let output = start(slot.changedBeforeStart ?? current)
      slot = DerivedSlot(output: output, isStarted: true)
      return output
    }
  }

  /// Sends `value` unless it equals the current one, deciding under the lock.
  func sendIfChanged(_ value: Element) where Element: Equatable {
    observers.withLock { observers in
      guard observers.latest != value else { return }
      observers.latest = value
      for buffer in observers.buffers { buffer.append(value) }
      if !observers.handlers.isEmpty { observers.handlers.removeAll { !$0(value) } }
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
  public static func combineLatest<First: Sendable, Second: Sendable>(
    _ first: Broadcast<First>,
    _ second: Broadcast<Second>,
    _ transform: @escaping @Sendable (First, Second) -> Element
  ) -> Broadcast<Element> {
    let node = CombineLatestNode<First, Second, Element>(transform)
    let firstValue = first.subscribe { [weak node] value in node?.update(first: value) ?? false }
    let secondValue = second.subscribe { [weak node] value in node?.update(second: value) ?? false }
    return node.start(first: firstValue, second: secondValue)
  }
}

/// Where a source's handler finds its derived broadcast: weakly, so that dropping it ends the
/// derivation.
private struct DerivedSlot<Source: Sendable, Output: Sendable> {
  weak var output: Broadcast<Output>?
  var isStarted = false
  var changedBeforeStart: Source?
}

/// The latest value of each source of ``Broadcast/combineLatest(_:_:_:)``, and its output.
///
/// The sources' handlers hold it; it holds the output weakly, so dropping the output ends it.
private final class CombineLatestNode<First: Sendable, Second: Sendable, Output: Sendable>: Sendable {
  private struct Latest {
    var first: First?
    var second: Second?
    weak var output: Broadcast<Output>?
    var isStarted = false
  }

  private let latest = Mutex(Latest())
  private let transform: @Sendable (First, Second) -> Output

  init(_ transform: @escaping @Sendable (First, Second) -> Output) { self.transform = transform }

  /// Makes the output from the sources' values at subscription, unless a handler already brought
  /// a newer one.
  func start(first: First, second: Second) -> Broadcast<Output> {
    latest.withLock { latest in
      let first = latest.first ?? first
      let second = latest.second ?? second
      let output = Broadcast(transform(first, second))
      latest = Latest(first: first, second: second, output: output, isStarted: true)
      return output
    }
  }

  func update(first value: First) -> Bool {
    latest.withLock { latest in
      latest.first = value
      return publish(&latest)
    }
  }

  func update(second value: Second) -> Bool {
    latest.withLock { latest in
      latest.second = value
      return publish(&latest)
    }
  }

  /// Sends the combination, under the node's lock so outputs keep the order of the updates;
  /// `false` once the output is gone.
  private func publish(_ latest: inout Latest) -> Bool {
    guard latest.isStarted else { return true }
    guard let output = latest.output, let first = latest.first, let second = latest.second else { return false }
    output.send(transform(first, second))
    return true
  }
}
