public import Synchronization

/// Keeps a synchronous observer called until ``cancel()`` or its release: what
/// ``ReactorStore/observe(_:)`` (and OctoreactMVVM's `Broadcast.observe`) hand back.
public final class BroadcastObservation: Sendable {
  /// Shared with whoever calls the observer, which holds it instead of this observation: a weak
  /// reference would make every retain and release of the observation slower.
  @usableFromInline package let isActive = ActiveFlag()

  @usableFromInline
  package init() {}

  deinit { cancel() }

  /// Stops calling the observer: at most a call already under way finishes.
  public func cancel() { isActive.turnOff() }

  /// Whether the observation still wants calls; read before each call.
  @usableFromInline
  package final class ActiveFlag: Sendable {
    @usableFromInline let flag = Atomic(true)

    init() {}

    @inlinable
    package var value: Bool { flag.load(ordering: .acquiring) }

    func turnOff() { flag.store(false, ordering: .releasing) }
  }
}
