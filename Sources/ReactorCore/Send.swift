/// Delivers mutations from asynchronous work to the store that runs it.
///
/// Handed to ``Effect/run(_:)``. Calling it is synchronous: the mutation has been applied (or
/// dropped because the work was cancelled or the store released) when the call returns. The one
/// exception is a `send` made on the thread that is processing the store's queue (from a
/// cancellation handler that processing ran): it is queued and applied right after.
public struct Send<Mutation: Sendable>: Sendable {
  let deliver: @Sendable (Mutation) -> Void
  let cancelled: @Sendable () -> Bool

  /// Makes a `Send` that forwards to a closure; useful to drive an effect in isolation.
  public init(
    _ deliver: @escaping @Sendable (Mutation) -> Void,
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) {
    self.deliver = deliver
    self.cancelled = isCancelled
  }

  /// Applies `mutation`, unless the work was cancelled.
  public func callAsFunction(_ mutation: Mutation) { deliver(mutation) }

  /// True once the work was cancelled or its store released: anything sent now is dropped.
  public var isCancelled: Bool { cancelled() }
}
