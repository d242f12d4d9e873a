/// The values of a broadcast as one observer sees them: the value when it was attached, then every
/// later one (or only the newest), ending when the source finishes or is released.
///
/// Made by ``ReactorStore/states``, ``ReactorStore/latestStates``, ``ActivityTracker/isActive`` and
/// OctoreactMVVM's `Broadcast.values(buffering:)`. The observer stays attached as long as this sequence
/// or an iterator of it exists; cancelling the iterating task ends the iteration. Iterate it once:
/// two iterators of one sequence share its values.
public struct BroadcastValues<Element: Sendable>: AsyncSequence, Sendable {
  /// A broadcast's values never fail: errors become values before they are sent.
  public typealias Failure = Never

  let subscription: BroadcastSubscription<Element>

  package init(_ subscription: BroadcastSubscription<Element>) { self.subscription = subscription }

  /// The iterator of this observer's values (make one per sequence: see the type's note).
  public func makeAsyncIterator() -> Iterator { Iterator(subscription) }

  /// Hands out the observer's values in order, taking them from its buffer a batch at a time.
  public struct Iterator: AsyncIteratorProtocol {
    let subscription: BroadcastSubscription<Element>
    /// The values taken from the buffer in one step, handed out one by one.
    var batch: [Element] = []
    var index = 0

    init(_ subscription: BroadcastSubscription<Element>) { self.subscription = subscription }

    /// The next value, waiting for one if none is buffered; `nil` once the source has finished or
    /// the iterating task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      if index == batch.count {
        batch.removeAll(keepingCapacity: true)
        index = 0
        guard await subscription.buffer.take(into: &batch, isolation: actor) else { return nil }
      }
      defer { index += 1 }
      return batch[index]
    }

    /// The next value, as ``next(isolation:)``, from no particular actor.
    public mutating func next() async -> Element? { await next(isolation: nil) }
  }
}

/// Keeps an observer attached to its broadcast while its sequence exists; its release tells the
/// broadcast, which drops the buffer at its next value.
///
/// It does not reference the broadcast: a weak reference would make every retain and release of
/// the broadcast slower, and a strong one would keep it alive for its observers.
package final class BroadcastSubscription<Element: Sendable>: Sendable {
  let buffer: ObserverBuffer<Element>

  package init(_ buffer: ObserverBuffer<Element>) { self.buffer = buffer }

  deinit { buffer.cancel() }
}
