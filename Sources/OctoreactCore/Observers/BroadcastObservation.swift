public import Synchronization

/// Keeps a synchronous observer called until ``cancel()`` or its release: what
/// ``ReactorStore/observe(_:)`` (and OctoreactMVVM's `Broadcast.observe`) hand back.
public final class BroadcastObservation: Sendable {
  /// Shared with whoever calls the observer, which holds it instead of this observation: a weak
  /// reference would make every retain and release of the observation slower.
  package let isActive = ActiveFlag()

  package init() {}

  deinit { cancel() }

  /// Stops calling the observer: at most a call already under way finishes.
  public func cancel() { isActive.turnOff() }

  /// Whether the observation still wants calls; read before each call.
  package final class ActiveFlag: Sendable {
    let flag = Atomic(true)

    init() {}

    package var value: Bool { flag.load(ordering: .acquiring) }

    func turnOff() { flag.store(false, ordering: .releasing) }
  }
}
