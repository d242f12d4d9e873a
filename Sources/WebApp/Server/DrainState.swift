import Synchronization

/// Whether the server is draining for a graceful shutdown: `/readyz` answers `503` then, and every live page is sent
/// away with `1001` (going away) so that it reconnects to another instance. It also holds the open connections, which
/// ``ApplicationProtocol/runService(shutdownGrace:cancellationBound:drain:logger:)`` closes if the grace runs out.
///
/// A ``DrainStateMachine`` under a lock; the sessions' `goAway` actions run after it is released.
public final class DrainState: Sendable {
  private let machine = Mutex(DrainStateMachine<@Sendable () async -> Void>())
  let connections = OpenConnections()

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

  /// Registers a live page's connection, which `goAway` ends when draining starts; when draining already
  /// began, runs `goAway` at once. Pair it with ``leave(_:)`` when the connection ends.
  func enter(goAway: @escaping @Sendable () async -> Void) async -> Ticket {
    switch machine.withLock({ $0.register(goAway) }) {
    case .goAwayNow:
      await goAway()
      return Ticket(id: nil)
    case .registered(let id):
      return Ticket(id: id)
    }
  }

  /// Forgets a connection that ended.
  func leave(_ ticket: Ticket) {
    guard let id = ticket.id else { return }
    machine.withLock { $0.unregister(id) }
  }

  /// A connection's registration; none when it was sent away on entering.
  struct Ticket {
    fileprivate let id: UInt64?
  }
}
