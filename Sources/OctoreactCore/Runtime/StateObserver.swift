/// One observer of a store's state, as the drainer calls it: a synchronous closure
/// (``ReactorStore/observe(_:)``) or the buffer of a state sequence (``ReactorStore/states``).
@usableFromInline
enum StateObserver<State: Sendable>: Sendable {
  case closure(ClosureObserver<State>)
  case buffer(ObserverBuffer<State>)

  /// Hands `state` to the observer; `false` once the observer is gone (it is then dropped).
  @inlinable
  func deliver(_ state: State) -> Bool {
    switch self {
    case .closure(let observer):
      guard observer.isActive.value else { return false }
      observer.call(state)
      return true
    case .buffer(let buffer):
      return buffer.append(state)
    }
  }

  /// False once the observation was cancelled or released, or the sequence dropped.
  @inlinable
  var isAlive: Bool {
    switch self {
    case .closure(let observer): observer.isActive.value
    case .buffer(let buffer): !buffer.isCancelled
    }
  }

  /// Ends a sequence (the store is gone); a closure simply stops being called.
  @usableFromInline
  func finish() {
    if case .buffer(let buffer) = self { buffer.finish() }
  }
}

/// A closure observer and its observation's flag, in one object: the drainer copies one reference
/// out of the observer list per state instead of a closure and a flag (each copy is a reference
/// count change, an atomic operation, on the path of every action).
@usableFromInline
final class ClosureObserver<State: Sendable>: Sendable {
  @usableFromInline let call: @Sendable (State) -> Void
  @usableFromInline let isActive: BroadcastObservation.ActiveFlag

  init(_ call: @escaping @Sendable (State) -> Void, isActive: BroadcastObservation.ActiveFlag) {
    self.call = call
    self.isActive = isActive
  }
}
