import Synchronization

/// A value that changes over time and can be observed by any number of observers.
///
/// Every observer gets the current value first, then every later value, in order. Delivery goes
/// through each observer's own buffer, so a slow observer never blocks ``send(_:)`` or the others.
/// This is Rx's `BehaviorSubject` (or `share(replay: 1)`), and the building block of
/// ``ReactorStore/states`` and ``ActivityTracker``.
///
/// For example:
///
/// ```swift
/// let temperature = Broadcast(20)
/// Task { for await value in temperature.values() { print(value) } }  // 20, 21, …
/// temperature.send(21)
/// ```
public final class Broadcast<Element: Sendable>: Sendable {
  private struct Observers {
    var latest: Element
    var continuations: [UInt64: AsyncStream<Element>.Continuation] = [:]
    var nextID: UInt64 = 0
    var isFinished = false
  }

  /// Held while values are handed to observers, so that every observer sees the values in one
  /// order, and a new observer sees either a value as its first or its first value then that one.
  ///
  /// It is a lock of its own, apart from ``observers``, because handing a value to a waiting observer
  /// takes that observer task's status lock, while cancelling the task holds its status lock and
  /// runs the termination handler, which takes ``observers``. Yielding under ``observers`` would
  /// order the two locks both ways and deadlock; termination handlers never take this one.
  private let delivery = Mutex(())
  private let observers: Mutex<Observers>

  /// Creates a broadcast holding `initial`.
  public init(_ initial: Element) {
    observers = Mutex(Observers(latest: initial))
  }

  deinit { finish() }

  /// The latest value.
  public var value: Element { observers.withLock { $0.latest } }

  /// Replaces the value and delivers it to every observer.
  public func send(_ value: Element) {
    delivery.withLock { _ in
      let continuations = observers.withLock { observers in
        observers.latest = value
        return observers.continuations
      }
      for continuation in continuations.values { continuation.yield(value) }
    }
  }

  /// Updates the value in place and delivers the result; `transform` runs under the lock.
  public func update(_ transform: (inout Element) -> Void) {
    delivery.withLock { _ in
      let (value, continuations) = observers.withLock { observers in
        transform(&observers.latest)
        return (observers.latest, observers.continuations)
      }
      for continuation in continuations.values { continuation.yield(value) }
    }
  }

  /// The current value, then every later one.
  ///
  /// - Parameter bufferingPolicy: `.unbounded` (the default) delivers every value; `.bufferingNewest(1)`
  ///   gives a slow observer only the most recent one, which is what a screen needs.
  public func values(
    bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
    let id: UInt64? = delivery.withLock { _ in
      observers.withLock { observers in
        // The stream is new and nobody awaits it yet: this yield only buffers.
        continuation.yield(observers.latest)
        guard !observers.isFinished else { return nil }
        let id = observers.nextID
        observers.nextID += 1
        observers.continuations[id] = continuation
        return id
      }
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.observers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// The number of observers currently attached (for tests and diagnostics).
  public var observerCount: Int { observers.withLock { $0.continuations.count } }

  /// Ends every observer's sequence; later observers get the latest value and then the end.
  public func finish() {
    let continuations = observers.withLock { observers in
      observers.isFinished = true
      defer { observers.continuations = [:] }
      return Array(observers.continuations.values)
    }
    // Outside the lock: finishing runs each observer's termination handler, which takes the lock.
    for continuation in continuations { continuation.finish() }
  }
}
