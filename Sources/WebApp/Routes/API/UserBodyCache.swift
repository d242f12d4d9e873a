import AccountStore
import NIOCore
import Synchronization

/// The JSON body of `GET /users/{name}` for each recently shown account, rendered once.
///
/// An account never changes once created, so its body can be kept: rendering its four fields cost that
/// route more than the cached account lookup, and this cache's lookup costs a small part of that.
///
/// **Contract:** safe from any thread; one lock, held for a dictionary lookup or insert. A body is kept
/// for an account's id together with the account it was rendered from, and used only for an equal
/// account, so an id that comes back with another login or date (a database file replaced under a
/// running server) is rendered again. At most ``capacity`` bodies are kept; the cache is emptied when
/// full, so a client asking for many names costs what it did without the cache, never more memory.
final class UserBodyCache: Sendable {
  /// The most bodies kept: a few hundred kilobytes of short JSON objects.
  let capacity: Int
  private let bodies = Mutex<[Int64: (account: Account, body: ByteBuffer)]>([:])

  init(capacity: Int = 4096) {
    precondition(capacity > 0, "a cache must hold at least one body")
    self.capacity = capacity
  }

  /// The body of `account`, rendered by `render` when not kept.
  func body(for account: Account, render: (Account) -> String) -> ByteBuffer {
    if let kept = bodies.withLock({ $0[account.id] }), kept.account == account { return kept.body }
    let body = ByteBuffer(string: render(account))
    bodies.withLock { bodies in
      if bodies.count >= capacity { bodies.removeAll(keepingCapacity: true) }
      bodies[account.id] = (account, body)
    }
    return body
  }

  /// The number of bodies kept (for tests).
  var count: Int { bodies.withLock { $0.count } }
}
