/// One observer of a store's state, as the drainer calls it: a synchronous closure
/// (``ReactorStore/observe(_:)``) or the buffer of a state sequence (``ReactorStore/states``).
@usableFromInline
enum StateObserver<State: Sendable>: Sendable {
  case closure(@Sendable (State) -> Void, BroadcastObservation.ActiveFlag)
  case buffer(ObserverBuffer<State>)

  /// Hands `state` to the observer; `false` once the observer is gone (it is then dropped).
  @inlinable
  func deliver(_ state: State) -> Bool {
    switch self {
    case .closure(let observer, let isActive):
      guard isActive.value else { return false }
      observer(state)
      return true
    case .buffer(let buffer):
      return buffer.append(state)
    }
  }

  /// False once the observation was cancelled or released, or the sequence dropped.
  @inlinable
  var isAlive: Bool {
    switch self {
    case .closure(_, let isActive): isActive.value
    case .buffer(let buffer): !buffer.isCancelled
    }
  }

  /// Ends a sequence (the store is gone); a closure simply stops being called.
  @inlinable
  func finish() {
    if case .buffer(let buffer) = self { buffer.finish() }
  }
}
