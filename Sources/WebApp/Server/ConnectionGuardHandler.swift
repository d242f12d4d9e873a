import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Enforces `ConnectionLimits` on one HTTP/1 connection: answers what the decoder cannot parse with
/// `400`/`431`, refuses a body at its head (`RequestBodyRule`), closes after the answer when the client
/// or the response asks for it, and closes idle connections on shutdown.
///
/// **Contract:** the storage of a `ConnectionGuardStateMachine`, confined to the channel's event loop
/// (which serialises the machine: no lock). It sits after NIO's HTTP decoder and upgrade handler, before
/// Hummingbird's codec, and leaves the pipeline on upgrade. It owns parse errors (Hummingbird never sees
/// one) and replaces Hummingbird's `HTTPConnectionStateHandler`, which it removes (a workaround).
///
/// **Bytes before a head:** the decoder passes nothing on until a head is complete, but it does pass on
/// the end of every read burst; a burst that ends while no request has begun, and ended none, brought the
/// first bytes of a head, which start the head deadline. So a client sending a byte a second is timed
/// from its first byte without a handler in front of the decoder.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private var machine: ConnectionGuardStateMachine<MonotonicInstant>
  private let bodyRule: RequestBodyRule
  private var timer = ChannelTimer()
  /// A request ended during the current read burst: the burst's bytes were that request's.
  private var requestEndedInBurst = false
  private var started = false
  /// Decided to close: later reads are dropped and later writes refused.
  private var closing = false
  /// A request was refused at its head: what follows is dropped unread, while the answers to the
  /// requests before it are still written.
  private var discarding = false
  private var removedSupersededHandler = false

  init(limits: ConnectionLimits, bodyRule: RequestBodyRule) {
    self.machine = ConnectionGuardStateMachine(limits: limits)
    self.bodyRule = bodyRule
  }

  /// The deadline armed now, for tests.
  var armedDeadline: ConnectionGuardStateMachine<MonotonicInstant>.Deadline? { machine.armed }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing && !discarding else { return }
    // Through `self`, not `Self.`: in a class the static form is NIO's unspecialised cast, a metadata lookup per part.
    switch unwrapInboundIn(data) {
    case .head(let head):
      if !removedSupersededHandler {
        removedSupersededHandler = true
        context.pipeline.syncOperations.removeHTTPConnectionStateHandler()
      }
      if let refusal = bodyRule.refusal(of: head) {
        discarding = true
        perform(machine.headRefused(status: refusal), context)
        return
      }
      perform(
        machine.headReceived(
          at: .now(on: context.eventLoop), keepAlive: head.isKeepAlive, renewsIdle: !Self.isProbe(head.uri)),
        context)
      context.fireChannelRead(data)
    case .body:
      context.fireChannelRead(data)
    case .end:
      requestEndedInBurst = true
      context.fireChannelRead(data)
      perform(machine.requestEnded(at: .now(on: context.eventLoop)), context)
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    // A burst that ended a request brought that request's bytes, even if it is already awaiting the next.
    if machine.awaitsFirstByte && !requestEndedInBurst {
      perform(machine.bytesReceived(at: .now(on: context.eventLoop)), context)
    }
    requestEndedInBurst = false
    context.fireChannelReadComplete()
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !closing else {
      promise?.fail(ChannelError.ioOnClosedChannel)
      return
    }
    switch unwrapOutboundIn(data) {
    case .head(let head) where (100..<200).contains(head.status.code):  // 1xx precede the real head
      context.write(data, promise: promise)
    case .head(var head):
      let saysClose = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
      if machine.responseStarted(closes: saysClose) && !saysClose {
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(head)), promise: promise)
      } else {
        context.write(data, promise: promise)
      }
    case .body:
      context.write(data, promise: promise)
    case .end:
      let action = machine.responseEnded(at: .now(on: context.eventLoop))
      if case .close = action {
        closing = true
        timer.cancel()
        closeAfter(context.writeAndFlush(data), context, promise: promise)
      } else {
        context.write(data, promise: promise)  // before an answer of ours, which must follow it
        perform(action, context)
      }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parseError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    perform(machine.parseFailed(headerOverflow: parseError == .headerOverflow), context)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    switch event {
    case is ChannelShouldQuiesceEvent:
      perform(machine.quiesce(), context)
    case is HTTPServerUpgradeEvents:
      installFrameHandlers(context.pipeline.syncOperations)
      context.fireUserInboundEventTriggered(event)
      perform(machine.upgraded(), context)
    default:
      context.fireUserInboundEventTriggered(event)
    }
  }

  private func start(_ context: ChannelHandlerContext) {
    guard !started else { return }
    started = true
    perform(machine.opened(at: .now(on: context.eventLoop)), context)
  }

  private func perform(
    _ action: ConnectionGuardStateMachine<MonotonicInstant>.Action, _ context: ChannelHandlerContext
  ) {
    switch action {
    case .none:
      break
    case .scheduleTimer(let instant):
      timer.schedule(at: instant, context) {
        self.perform(self.machine.timerFired(at: .now(on: context.eventLoop)), context)
      }
    case .respondAndClose(let status):
      closing = true
      timer.cancel()
      let head = HTTPResponseHead(
        version: .http1_1,
        status: HTTPResponseStatus(statusCode: status),
        headers: ["connection": "close", "content-length": "0"]
      )
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      closeAfter(context.writeAndFlush(wrapOutboundOut(.end(nil))), context, promise: nil)
    case .close:
      closing = true
      timer.cancel()
      context.close(promise: nil)
    case .leave:
      timer.cancel()
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  /// Probes are not rate-limited, so their answers must not renew the idle deadline either.
  private static func isProbe(_ uri: String) -> Bool {
    let path = uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { uri[..<$0] } ?? uri[...]
    return path == "/healthz" || path == "/readyz" || path == "/metrics"
  }

  /// Puts masking and the idle timeout right after NIO's frame decoder, which the upgrade has just added
  /// (before any frame is read).
  private func installFrameHandlers(_ pipeline: ChannelPipeline.SynchronousOperations) {
    guard let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self) else {
      return
    }
    let idle = WebSocketIdleHandler(timeout: machine.limits.liveIdleTimeout)
    try? pipeline.addHandler(idle, position: .after(decoder.handler))
    try? pipeline.addHandler(UnmaskedFrameHandler(), position: .after(decoder.handler))
  }

  /// Closes once `written` is on the wire (or failed), so a close never cuts the last response short.
  private func closeAfter(
    _ written: EventLoopFuture<Void>, _ context: ChannelHandlerContext, promise: EventLoopPromise<Void>?
  ) {
    written.assumeIsolated().whenComplete { result in
      promise?.completeWith(result)
      context.close(promise: nil)
    }
  }
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
