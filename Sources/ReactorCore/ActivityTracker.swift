import Synchronization

/// Counts tracked work in flight and tells whether any is running (Rx's `ActivityIndicator`).
///
/// ``isActive`` is true while at least one ``track(_:)`` call is running, and only its changes are
/// delivered: two overlapping requests give `false, true, false`, not `true, true`.
///
/// For example:
///
/// ```swift
/// let signingIn = ActivityTracker()
/// let ok = try await signingIn.track { try await api.signup(username, password) }
/// for await active in signingIn.isActive { spinner.isAnimating = active }
/// ```
public final class ActivityTracker: Sendable {
  private let count = Mutex(0)
  private let broadcast: Broadcast<Bool>

  /// A tracker that reports to `broadcast`, which it sets to `false` now; the default is its own.
  /// Reporting to a broadcast of yours lets you derive from it (``Broadcast/combineLatest(_:_:_:)``).
  public init(reportingTo broadcast: Broadcast<Bool> = Broadcast(false)) {
    self.broadcast = broadcast
    broadcast.send(false)
  }

  /// Runs `work`, counting it as in flight until it returns or throws.
  public func track<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
    increment()
    defer { decrement() }
    return try await work()
  }

  /// Whether tracked work is running now.
  public var isRunning: Bool { broadcast.value }

  /// The current activity, then each change.
  public var isActive: BroadcastValues<Bool> { broadcast.values() }

  private func increment() {
    count.withLock { count in
      count += 1
      if count == 1 { broadcast.send(true) }
    }
  }

  private func decrement() {
    count.withLock { count in
      count -= 1
      if count == 0 { broadcast.send(false) }
    }
  }
}
