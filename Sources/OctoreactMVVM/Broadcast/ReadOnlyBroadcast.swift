public import OctoreactCore

/// A ``Broadcast`` as its observers see it: its value, its values over time, and synchronous
/// observation, but no way to send. What a view model hands out as an output (Rx's `Observable`
/// over a `BehaviorRelay`): the screen reads and observes it, only the view model changes it.
public struct ReadOnlyBroadcast<Element: Sendable>: Sendable {
  @usableFromInline let broadcast: Broadcast<Element>

  /// A read-only view of `broadcast`.
  public init(_ broadcast: Broadcast<Element>) { self.broadcast = broadcast }

  /// The latest value.
  @inlinable
  public var value: Element { broadcast.value }

  /// The current value, then every later one: ``Broadcast/values(buffering:)``.
  public func values(buffering: Broadcast<Element>.Buffering = .every) -> BroadcastValues<Element> {
    broadcast.values(buffering: buffering)
  }

  /// Calls `observer` with the current value, then with every later one: ``Broadcast/observe(_:)``.
  public func observe(_ observer: @escaping @Sendable (Element) -> Void) -> BroadcastObservation {
    broadcast.observe(observer)
  }
}
