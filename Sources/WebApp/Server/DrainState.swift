import Synchronization

/// Whether the server is draining for a graceful shutdown: `/readyz` answers `503` then, and every
/// live page is sent away with `1001` (going away) so that it reconnects to another instance.
///
/// A ``DrainStateMachine`` under a lock; the sessions' `goAway` actions run after it is released.
public final class DrainState: Sendable {
  private let machine = Mutex(DrainStateMachine<@Sendable () async -> Void>())

  public init() {}

  public var isDraining: Bool { machine.withLock { $0.isDraining } }

  /// Starts draining and sends every live session away, concurrently; returns when all were, so
  /// ``DrainService`` lets the server stop only after the pages were told why.
  public func beginDraining() async {
    let goAways = machine.withLock { $0.beginDraining() }
    await withTaskGroup(of: Void.self) { group in
      for goAway in goAways { group.addTask { await goAway() } }
    }
  }

  /// Runs `session`, a live page's connection, which `goAway` ends when draining starts (at once when
  /// draining already began).
  func withSession<Result>(
    goAway: @escaping @Sendable () async -> Void,
    _ session: () async throws -> Result
  ) async throws -> Result {
    switch machine.withLock({ $0.register(goAway) }) {
    case .goAwayNow:
      await goAway()
      return try await session()
    case .registered(let id):
      defer { machine.withLock { $0.unregister(id) } }
      return try await session()
    }
  }
}
