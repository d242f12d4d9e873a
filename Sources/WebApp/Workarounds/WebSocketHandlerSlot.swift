// Works around: hummingbird-websocket 2.8.1 (HummingbirdWebSocket's `WebSocketHandlerReference`): a
// WebSocket route's request context holds the reference to the box that holds the context, a cycle that
// leaks the context, its logger and the route's closure on every upgrade and every plain GET of a live
// route. Drop it when a release breaks the cycle itself: `LiveConnectionReleaseTests` then passes without it.

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
/// slot alone; the reference and the close callback are made on first use. The slot is not generic
/// (it holds the reference as `any Sendable`), so making and freeing one per request looks up no generic
/// type at run time.
final class WebSocketHandlerSlot: Sendable {
  private let reference = Mutex<(any Sendable)?>(nil)
  private let closeFuture: EventLoopFuture<Void>

  init(closeFuture: EventLoopFuture<Void>) {
    self.closeFuture = closeFuture
  }

  /// The request's reference, made on first use; a fresh, empty one after the connection has closed.
  ///
  /// One context type asks for it (a request's context is made once, with its type), so the held
  /// reference is always of the type asked for.
  func handlerReference<Context: WebSocketRequestContext>(
    for _: Context.Type = Context.self
  ) -> WebSocketHandlerReference<Context> {
    let (held, isNew) = reference.withLock { reference -> (WebSocketHandlerReference<Context>, Bool) in
      if let held = reference as? WebSocketHandlerReference<Context> { return (held, false) }
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
