import NIOCore

/// Tells `ConnectionGuardHandler` that bytes arrived, before the HTTP decoder sees them.
///
/// The decoder emits nothing until a head is complete, so without this a client sending one byte a
/// second would look idle; the first byte of a request is what starts its head deadline.
///
/// **Contract:** sits first in the pipeline (next to the socket) and forwards every read unchanged,
/// preceded by one `InboundBytesProbe.Event`; the guard removes it when the connection is upgraded.
final class InboundBytesProbe: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// The user event fired before each read.
  struct Event: Sendable {}

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    context.fireUserInboundEventTriggered(Event())
    context.fireChannelRead(data)
  }
}

@available(*, unavailable)
extension InboundBytesProbe: Sendable {}
