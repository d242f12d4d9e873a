import AccountStore
import NIOCore
import Synchronization

/// The JSON body of `GET /users/{name}` for each recently shown account, rendered once: an account
/// never changes, nor does the server's public base URL its links start with once it answers requests,
/// and rendering a body cost more than the cached lookup.
///
/// **Contract:** a body is used only for an account equal to the one it was rendered from, so an id
/// that comes back changed (a database file replaced under a running server) is rendered again. The
/// cache is emptied when full, so a client asking for many names never costs more memory.
final class UserBodyCache: Sendable {
  let capacity: Int
  private let bodies = Mutex<[Int64: (account: Account, body: ByteBuffer)]>([:])

  init(capacity: Int = 4096) {
    precondition(capacity > 0, "a cache must hold at least one body")
    self.capacity = capacity
  }

  func body(for account: Account, render: (Account) -> String) -> ByteBuffer {
    if let kept = bodies.withLock({ $0[account.id] }), kept.account == account { return kept.body }
    let body = ByteBuffer(string: render(account))
    bodies.withLock { bodies in
      if bodies.count >= capacity { bodies.removeAll(keepingCapacity: true) }
      bodies[account.id] = (account, body)
    }
    return body
  }

  /// For tests.
  var count: Int { bodies.withLock { $0.count } }
}
