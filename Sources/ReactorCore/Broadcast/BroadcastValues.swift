/// The values of a ``Broadcast`` as one observer sees them: the value when it was attached, then
/// every later one (or only the newest, with ``Broadcast/Buffering/latest``), ending when the
/// broadcast finishes.
///
/// Made by ``Broadcast/values(buffering:)``. The observer stays attached as long as this sequence
/// or an iterator of it exists; cancelling the iterating task ends the iteration. Iterate it once:
/// two iterators of one sequence share its values.
public struct BroadcastValues<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = Never

  @usableFromInline
  let subscription: BroadcastSubscription<Element>

  @inlinable
  init(_ subscription: BroadcastSubscription<Element>) { self.subscription = subscription }

  @inlinable
  public func makeAsyncIterator() -> Iterator { Iterator(subscription) }

  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let subscription: BroadcastSubscription<Element>
    /// The values taken from the buffer in one step, handed out one by one.
    @usableFromInline var batch: [Element] = []
    @usableFromInline var index = 0

    @inlinable
    init(_ subscription: BroadcastSubscription<Element>) { self.subscription = subscription }

    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      if index == batch.count {
        batch.removeAll(keepingCapacity: true)
        index = 0
        guard await subscription.buffer.take(into: &batch, isolation: actor) else { return nil }
      }
      defer { index += 1 }
      return batch[index]
    }

    @inlinable
    public mutating func next() async -> Element? { await next(isolation: nil) }
  }
}

/// Keeps an observer attached to its broadcast while its sequence exists, and detaches it after.
@usableFromInline
final class BroadcastSubscription<Element: Sendable>: Sendable {
  @usableFromInline let buffer: ObserverBuffer<Element>
  /// Weak: an observer does not keep the broadcast alive; its release ends the sequence.
  @usableFromInline weak let broadcast: Broadcast<Element>?

  @inlinable
  init(_ buffer: ObserverBuffer<Element>, of broadcast: Broadcast<Element>) {
    self.buffer = buffer
    self.broadcast = broadcast
  }

  deinit {
    buffer.cancel()
    broadcast?.detach(buffer)
  }
}
