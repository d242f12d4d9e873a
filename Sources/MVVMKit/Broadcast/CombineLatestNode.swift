public import Synchronization

/// The storage of ``Broadcast/combineLatest(_:_:_:)``: its ``CombineLatestStateMachine`` under a
/// lock, and the output it sends the combinations to, after unlocking.
///
/// The sources' handlers hold it, and it holds the output.
@usableFromInline
final class CombineLatestNode<First: Sendable, Second: Sendable, Output: Sendable>: Sendable {
  @usableFromInline let machine: Mutex<CombineLatestStateMachine<First, Second>>
  @usableFromInline let output: Broadcast<Output>
  @usableFromInline let transform: @Sendable (First, Second) -> Output

  @inlinable
  init(first: First, second: Second, output: Broadcast<Output>, transform: @escaping @Sendable (First, Second) -> Output) {
    machine = Mutex(CombineLatestStateMachine(first: first, second: second))
    self.output = output
    self.transform = transform
  }

  @inlinable
  func update(first value: First) {
    combine(machine.withLock { $0.update(first: value) })
  }

  @inlinable
  func update(second value: Second) {
    combine(machine.withLock { $0.update(second: value) })
  }

  /// Sends the combination of `pair`, then of every pair queued meanwhile, with no lock held.
  @inlinable
  func combine(_ pair: (First, Second)?) {
    var pair = pair
    while let (first, second) = pair {
      output.send(transform(first, second))
      pair = machine.withLock { $0.next() }
    }
  }
}
