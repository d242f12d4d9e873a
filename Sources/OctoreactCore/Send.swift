/// Delivers mutations from asynchronous work to the store that runs it.
///
/// Handed to ``Effect/run(_:)``. The mutation is applied (or dropped because the work was cancelled
/// or the store released) in the order the calls are made. When no other thread is processing the
/// store, it has been applied when the call returns. Otherwise it is handed to the thread that is,
/// which applies it right after its current work, before it lets go of the store: the call returns
/// without waiting (waiting would spin against a thread sending one action after another).
public struct Send<Mutation: Sendable>: Sendable {
  @usableFromInline
  let receiver: any MutationReceiver<Mutation>

  /// Makes a `Send` that forwards to a closure; useful to drive an effect in isolation.
  public init(
    _ deliver: @escaping @Sendable (Mutation) -> Void,
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) {
    receiver = ClosureReceiver(deliver: deliver, isCancelled: isCancelled)
  }

  @inlinable
  init(_ receiver: any MutationReceiver<Mutation>) { self.receiver = receiver }

  /// Applies `mutation`, unless the work was cancelled.
  @inlinable
  public func callAsFunction(_ mutation: Mutation) { receiver.receive(mutation) }

  /// True once the work was cancelled or its store released: anything sent now is dropped.
  @inlinable
  public var isCancelled: Bool { receiver.isCancelled }
}

/// Where a ``Send`` delivers: an effect task of a store, or closures.
///
/// A protocol rather than two closures so that a store's task makes one object for its `Send`,
/// not two closure contexts.
@usableFromInline
protocol MutationReceiver<Mutation>: AnyObject, Sendable {
  associatedtype Mutation: Sendable
  func receive(_ mutation: Mutation)
  var isCancelled: Bool { get }
}

private final class ClosureReceiver<Mutation: Sendable>: MutationReceiver {
  let deliver: @Sendable (Mutation) -> Void
  let cancelled: @Sendable () -> Bool

  init(deliver: @escaping @Sendable (Mutation) -> Void, isCancelled: @escaping @Sendable () -> Bool) {
    self.deliver = deliver
    self.cancelled = isCancelled
  }

  func receive(_ mutation: Mutation) { deliver(mutation) }
  var isCancelled: Bool { cancelled() }
}
