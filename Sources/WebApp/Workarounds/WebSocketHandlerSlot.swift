// Works around: hummingbird-websocket 2.8.1 (HummingbirdWebSocket's `WebSocketHandlerReference`): a
// WebSocket route's request context holds the reference to the box that holds the context, a cycle that
// leaks the context, its logger and the route's closure on every upgrade and every plain GET of a live
// route. Drop it when a release breaks the cycle itself: `LiveConnectionReleaseTests` then passes without it.

import HummingbirdWebSocket
import NIOCore
import Synchronization

/// Holds a request's ``HummingbirdWebSocket/WebSocketHandlerReference`` and lets go of it when the
/// connection's channel closes, which breaks the cycle above.
///
/// A request that never asks for its reference (every route but the live ones) allocates the slot alone.
/// The slot is not generic (it holds `any Sendable`), so making one per request looks up no generic type.
final class WebSocketHandlerSlot: Sendable {
  private let reference = Mutex<(any Sendable)?>(nil)
  private let closeFuture: EventLoopFuture<Void>

  init(closeFuture: EventLoopFuture<Void>) {
    self.closeFuture = closeFuture
  }

  /// The request's reference, made on first use; a fresh one after the connection has closed. A
  /// request's context has one type, so the held reference is always of the type asked for.
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
