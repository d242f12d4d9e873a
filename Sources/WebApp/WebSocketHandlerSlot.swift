import HummingbirdWebSocket
import NIOCore
import Synchronization

/// Holds a request's ``HummingbirdWebSocket/WebSocketHandlerReference`` until its connection closes,
/// so an upgraded connection's request context is released with it.
///
/// hummingbird-websocket 2.8.1 stores a WebSocket route's handler in the box the reference wraps,
/// together with a copy of the request context — which holds the reference, and so the box: a cycle
/// that nothing breaks, leaking the context, its logger and the route's closure on every upgrade (and
/// on every plain `GET` of a WebSocket route). The context holds its reference through this slot, and
/// the slot lets go of it when the connection's channel closes, which breaks the cycle.
///
/// **Cost**: a request that never asks for its reference (every route but the live ones) allocates the
/// slot alone; the reference and the close callback are made on first use.
final class WebSocketHandlerSlot<Context: WebSocketRequestContext>: Sendable {
  private let reference = Mutex<WebSocketHandlerReference<Context>?>(nil)
  private let closeFuture: EventLoopFuture<Void>

  init(closeFuture: EventLoopFuture<Void>) {
    self.closeFuture = closeFuture
  }

  /// The request's reference, made on first use; a fresh, empty one after the connection has closed.
  var handlerReference: WebSocketHandlerReference<Context> {
    let (held, isNew) = reference.withLock { reference in
      if let held = reference { return (held, false) }
      let made = WebSocketHandlerReference<Context>()
      reference = made
      return (made, true)
    }
    // The callback keeps the slot alive until the channel closes, then drops the reference.
    if isNew { closeFuture.whenComplete { _ in self.release() } }
    return held
  }

  private func release() {
    reference.withLock { $0 = nil }
  }
}
