public import OctoreactCore

/// The storage of ``Broadcast/combineLatest(_:_:_:)`` and its four-source form: its
/// ``CombineLatestStateMachine`` under a lock, and the output it sends the combinations to, after
/// unlocking.
///
/// `Values` is the tuple of the sources' latest values. The sources' handlers hold the node, and it
/// holds the output.
@usableFromInline
final class CombineLatestNode<Values: Sendable, Output: Sendable>: Sendable {
  @usableFromInline let machine: RuntimeLock<CombineLatestStateMachine<Values>>
  @usableFromInline let output: Broadcast<Output>
  @usableFromInline let transform: @Sendable (Values) -> Output

  @usableFromInline
  init(_ values: Values, output: Broadcast<Output>, transform: @escaping @Sendable (Values) -> Output) {
    machine = RuntimeLock(CombineLatestStateMachine(values))
    self.output = output
    self.transform = transform
  }

  /// Registers this node with `source` from version `since` on: each of its values is stored by `store`
  /// (its place in the tuple), then the combinations go out.
  @inlinable
  func feed<Value: Sendable>(
    from source: Broadcast<Value>, since version: UInt64, _ store: @escaping @Sendable (inout Values, Value) -> Void
  ) {
    source.register({ [self] value in
      update { store(&$0, value) }
      return true
    }, since: version)
  }

  /// A source changed: `change` stores its new value (under the lock; it must only assign).
  @inlinable
  func update(_ change: @Sendable (inout Values) -> Void) {
    var values = machine.withLock { $0.update(change) }
    while let combined = values {
      output.send(transform(combined))
      values = machine.withLock { $0.next() }
    }
  }
}
