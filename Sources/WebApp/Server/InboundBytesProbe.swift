import NIOCore

/// Tells a `ConnectionGuardHandler` that bytes arrived, before the HTTP decoder sees them.
///
/// The decoder emits nothing until a head is complete, so without this a client sending one byte a
/// second would look idle; the first byte of a request is what starts its head deadline.
///
/// **Contract:** sits first in the pipeline (next to the socket) and forwards every read unchanged,
/// after calling the guard's `bytesArrived()`. A direct call, not a user event: an event would travel
/// through the decoder and the upgrade handler on every read, which cost `GET` a few percent of its
/// speed. Both handlers are confined to the channel's event loop. The guard removes this probe when the
/// connection is upgraded, and `detach()`es it when the guard leaves the pipeline, which breaks the
/// reference cycle between them.
final class InboundBytesProbe: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var owner: ConnectionGuardHandler?

  init(reportingTo owner: ConnectionGuardHandler) {
    self.owner = owner
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    owner?.bytesArrived()
    context.fireChannelRead(data)
  }

  /// Stops reporting (the guard left the pipeline).
  func detach() {
    owner = nil
  }
}

@available(*, unavailable)
extension InboundBytesProbe: Sendable {}
