import NIOCore
import Synchronization

/// The server's open connections, so that those still open when the shutdown grace runs out can be closed
/// (``ApplicationService``).
///
/// Hummingbird waits for a connection's first request on an `EventLoopFuture`, which cancelling its task
/// does not end: without this, one client holding half a request head would keep the process from
/// finishing after SIGTERM. One register for the server, rather than a cancellation handler in each
/// connection's task: a live page's task keeps the memory of its frames for as long as the page stays.
final class OpenConnections: Sendable {
  private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

  /// Registers `channel` until it closes, then runs `closed`.
  func add(_ channel: any Channel, whenClosed closed: @escaping @Sendable () -> Void) {
    let id = ObjectIdentifier(channel)
    channels.withLock { $0[id] = channel }
    channel.closeFuture.whenComplete { [self] _ in
      _ = channels.withLock { $0.removeValue(forKey: id) }
      closed()
    }
  }

  var count: Int { channels.withLock { $0.count } }

  func closeAll() {
    for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
  }
}
