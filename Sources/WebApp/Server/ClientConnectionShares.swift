import NIOCore
import Synchronization

/// Keeps each client to its share of the server's connections (``RateLimits/connectionsPerClient``), so
/// that one client holding idle sockets cannot take every slot of `--max-connections`.
///
/// A client is counted as the rate limits count it (``RateLimiter/client(of:)``). A trusted balancer is
/// exempt: every connection behind it comes from it, and it keeps the share per source itself
/// (`scripts/cluster`'s HAProxy does, with a stick table). One ``ConnectionShareTable`` under a lock.
final class ClientConnectionShares: Sendable {
  /// Whether a new connection may stay, and what to count off when it closes.
  enum Admission: Equatable {
    case counted(client: String)
    /// A trusted balancer, or no limit.
    case exempt
    /// The client already has its share open: close the connection.
    case refused
  }

  private let isLimited: Bool
  private let table: Mutex<ConnectionShareTable>
  private let trustedProxies: TrustedProxies

  /// `share` connections per client, or no limit when `nil`.
  init(share: Int?, trustedProxies: TrustedProxies) {
    isLimited = share != nil
    table = Mutex(ConnectionShareTable(share: share ?? .max))
    self.trustedProxies = trustedProxies
  }

  func admit(_ peer: SocketAddress?) -> Admission {
    guard isLimited, !trustedProxies.contains(peer) else { return .exempt }
    let client = RateLimiter.client(of: peer)
    return table.withLock { $0.open(client) } ? .counted(client: client) : .refused
  }

  /// Counts off a connection that ``admit(_:)`` counted.
  func close(_ admission: Admission) {
    guard case .counted(let client) = admission else { return }
    table.withLock { $0.close(client) }
  }
}
