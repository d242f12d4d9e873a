import NIOCore
import Synchronization

/// Keeps each client to its share of the server's connections (``RateLimits/connectionsPerClient``), so
/// that one client holding idle sockets or WebSockets cannot take every slot of `--max-connections` and
/// leave a new client waiting in the listen backlog.
///
/// A client is its peer's address as the rate limits count it: an IPv4 address or an IPv6 /64
/// (``RateLimiter/client(of:)``). A trusted balancer's own address is not counted: behind it every
/// connection comes from the balancer, which keeps the share per source itself (`scripts/cluster`'s HAProxy
/// does, with a stick table).
///
/// **Threading:** one ``ConnectionShareTable`` under one lock, held only to count.
final class ClientConnectionShares: Sendable {
  /// Whether a new connection may stay, and what to count off when it closes.
  enum Admission: Equatable {
    /// Counted for this client.
    case counted(client: String)
    /// Not counted: a trusted balancer, or no limit.
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
