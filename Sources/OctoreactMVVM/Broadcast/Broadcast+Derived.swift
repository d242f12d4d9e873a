public import OctoreactCore

// Broadcasts computed from other broadcasts, synchronously: when a source's `send` delivers, every
// broadcast derived from it has changed by the time that `send` returns, with no task and no buffer
// in between (Rx's synchronous operators, RxCocoa's `map`/`combineLatest` on a `BehaviorRelay`).
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
  ///
  /// `transform` is called by the thread delivering this broadcast's values, with no lock held.
  @inlinable
  public func map<Derived: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Derived
  ) -> Broadcast<Derived> {
    let (value, version) = snapshot
    let output = Broadcast<Derived>(transform(value))
    register({ value in
      output.send(transform(value))
      return true
    }, since: version)
    return output
  }

  /// Calls `observer` with the current value, then with every later one, until the observation is
  /// cancelled or released.
  ///
  /// For side effects that must keep pace with the value, such as starting a request for each
  /// new username. `observer` runs on the thread delivering this broadcast's values, one value at a
  /// time and with no lock held: it may read ``value``, send to any broadcast (a value sent to this
  /// one is delivered after the current one) and observe or cancel. When nobody is delivering, its
  /// first call is made before this returns. Anything slow belongs in a task it starts.
  @inlinable
  public func observe(_ observer: @escaping @Sendable (Element) -> Void) -> BroadcastObservation {
    let observation = BroadcastObservation()
    let isActive = observation.isActive
    register({ value in
      guard isActive.value else { return false }
      observer(value)
      return true
    }, since: nil)
    return observation
  }

  /// A broadcast of the values of this one that differ from the previous one (Rx's
  /// `distinctUntilChanged`).
  @inlinable
  public func removingDuplicates() -> Broadcast<Element> where Element: Equatable {
    let (value, version) = snapshot
    let output = Broadcast(value)
    let previous = PreviousValue(value)
    register({ value in
      // Compared with no lock held: the handler is called one value at a time.
      guard value != previous.value else { return true }
      previous.value = value
      output.send(value)
      return true
    }, since: version)
    return output
  }
}

/// The last value a ``Broadcast/removingDuplicates()`` handler passed on.
///
/// `@unchecked Sendable` without a lock because only that handler touches it, and a broadcast calls
/// a handler one value at a time: by one drainer, and drainers hand over under the broadcast's lock,
/// which also orders their memory accesses.
@usableFromInline
final class PreviousValue<Element>: @unchecked Sendable {
  @usableFromInline var value: Element

  @inlinable
  init(_ value: Element) { self.value = value }
}
