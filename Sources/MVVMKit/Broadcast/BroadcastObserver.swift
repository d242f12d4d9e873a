public import ReactorCore

/// One observer of a ``Broadcast``, as the drainer calls it: the buffer of a ``Broadcast/values(buffering:)``
/// sequence, or a synchronous handler (``Broadcast/observe(_:)`` and the derived broadcasts).
@usableFromInline
enum BroadcastObserver<Element: Sendable>: Sendable {
  case buffer(ObserverBuffer<Element>)
  /// Returns `false` once it wants no more values.
  case handler(@Sendable (Element) -> Bool)

  /// Hands `value` to the observer; `false` once the observer is gone (it is then forgotten).
  @inlinable
  func deliver(_ value: Element) -> Bool {
    switch self {
    case .buffer(let buffer): buffer.append(value)
    case .handler(let handler): handler(value)
    }
  }

  /// The broadcast finished: a sequence ends once it has taken what is buffered.
  @inlinable
  func finish() {
    if case .buffer(let buffer) = self { buffer.finish() }
  }

  /// True for a sequence still iterated.
  @inlinable
  var isAttachedSequence: Bool {
    if case .buffer(let buffer) = self { return !buffer.isCancelled }
    return false
  }
}
