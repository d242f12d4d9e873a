import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Enforces `ConnectionLimits` on one HTTP/1 connection, answers what the decoder cannot parse with
/// `400`/`431` and a close, refuses a body where none belongs (`RequestBodyRule`) with `413` and a close
/// before any of it is read, closes after the answer when the client or the response asks for it
/// (`Connection: close`, HTTP/1.0 without keep-alive), lets probes (`/healthz`, `/readyz`, `/metrics`)
/// leave the idle deadline where it was, and closes idle connections when the server shuts down.
///
/// **Contract:** the storage of a `ConnectionGuardStateMachine`: it feeds the machine the connection's
/// events and performs the returned actions. It is confined to the channel's event loop (NIO calls a
/// handler only there), which is what serialises the machine; no lock is needed. It sits after NIO's
/// HTTP decoder and upgrade handler, before Hummingbird's codec, so it sees NIO's request and response
/// parts, the decoder's errors, and the upgrade event, on which it leaves the pipeline. It owns parse
/// errors: they are not passed on, so Hummingbird never answers one. It supersedes Hummingbird's
/// `HTTPConnectionStateHandler` and removes it (see `removeSupersededHandler(_:)`).
///
/// **Bytes before a head:** the decoder passes nothing on until a head is complete, but it passes on the
/// end of every read burst (`channelReadComplete`); a burst that ends while no request has begun, and that
/// ended none, brought the first bytes of a head, which starts its deadline. So a client sending one byte a
/// second is timed from its first byte without a handler in front of the decoder, and a request that
/// arrives whole costs no clock read for its first bytes.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private var machine: ConnectionGuardStateMachine<MonotonicInstant>
  private let bodyRule: RequestBodyRule
  private var timer: Scheduled<Void>?
  /// Set when a request ended during the current read burst: the burst's bytes were that request's.
  private var requestEndedInBurst = false
  private var started = false
  /// Set once this handler has decided to close: later reads are dropped and later writes refused.
  private var closing = false
  /// Set once a request was refused at its head: what follows it is dropped unread, while the answers
  /// to the requests before it are still written.
  private var discarding = false
  /// Set once the first request head went by, and with it Hummingbird's own connection handler came.
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

  func channelInactive(context: ChannelHandlerContext) {
    cancelTimer()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancelTimer()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing && !discarding else { return }
    // Through `self`, not `Self.`: in a class `Self` is the dynamic type, so the static form compiles to NIO's
    // unspecialised cast, which looks up generic metadata on every call.
    switch unwrapInboundIn(data) {
    case .head(let head):
      if !removedSupersededHandler { removeSupersededHandler(context) }
      if let refusal = bodyRule.refusal(of: head) {
        discarding = true
        perform(machine.headRefused(status: refusal), context)
        return
      }
      perform(
        machine.headReceived(
          at: MonotonicInstant.now(), keepAlive: head.isKeepAlive, renewsIdle: !Self.isProbe(head.uri)),
        context)
      context.fireChannelRead(data)
    case .body:
      context.fireChannelRead(data)
    case .end:
      requestEndedInBurst = true
      context.fireChannelRead(data)
      perform(machine.requestEnded(at: MonotonicInstant.now()), context)
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    // A burst that ended a request (answered before its body was read, so already waiting for the next one)
    // brought that request's bytes; one that ends while a request is awaited brought the next one's first.
    if machine.awaitsFirstByte && !requestEndedInBurst {
      perform(machine.bytesReceived(at: MonotonicInstant.now()), context)
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
      let action = machine.responseEnded(at: MonotonicInstant.now())
      if case .close = action {
        closing = true
        cancelTimer()
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
    perform(machine.opened(at: MonotonicInstant.now()), context)
  }

  private func perform(
    _ action: ConnectionGuardStateMachine<MonotonicInstant>.Action, _ context: ChannelHandlerContext
  ) {
    switch action {
    case .none:
      break
    case .scheduleTimer(let instant):
      timer?.cancel()
      timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: instant.deadline) {
        self.timer = nil
        self.perform(self.machine.timerFired(at: MonotonicInstant.now()), context)
      }
    case .respondAndClose(let status):
      closing = true
      cancelTimer()
      let head = HTTPResponseHead(
        version: .http1_1,
        status: HTTPResponseStatus(statusCode: status),
        headers: ["connection": "close", "content-length": "0"]
      )
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      closeAfter(context.writeAndFlush(wrapOutboundOut(.end(nil))), context, promise: nil)
    case .close:
      closing = true
      cancelTimer()
      context.close(promise: nil)
    case .leave:
      cancelTimer()
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  /// Whether `uri` is one of the probes (`/healthz`, `/readyz`, `/metrics`), which are not rate-limited
  /// and so must not keep a connection open either.
  private static func isProbe(_ uri: String) -> Bool {
    let path = uri.utf8.firstIndex(of: UInt8(ascii: "?")).map { uri[..<$0] } ?? uri[...]
    return path == "/healthz" || path == "/readyz" || path == "/metrics"
  }

  /// Puts the WebSocket's own rules right after NIO's frame decoder, which the upgrade has just added (NIO
  /// fires the event once it is in the pipeline, before any frame is read): masking, then the idle timeout.
  private func installFrameHandlers(_ pipeline: ChannelPipeline.SynchronousOperations) {
    guard let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<WebSocketFrameDecoder>.self) else {
      return
    }
    let idle = WebSocketIdleHandler(timeout: machine.limits.liveIdleTimeout)
    try? pipeline.addHandler(idle, position: .after(decoder.handler))
    try? pipeline.addHandler(UnmaskedFrameHandler(), position: .after(decoder.handler))
  }

  /// Removes Hummingbird's `HTTPConnectionStateHandler`, which Hummingbird puts behind this handler just
  /// before the connection's first request head reaches it.
  ///
  /// That handler counts requests and responses so as to close after the last response on shutdown, and
  /// this one already does the same (and more): it takes the shutdown event and does not pass it on, so
  /// that handler would never act, yet it would cost every request a second count, two clock reads and
  /// eight handler calls. Without it the guard costs a request about what the handler it replaces did.
  private func removeSupersededHandler(_ context: ChannelHandlerContext) {
    removedSupersededHandler = true
    let pipeline = context.pipeline.syncOperations
    guard let superseded = try? pipeline.context(handlerType: HTTPConnectionStateHandler.self) else { return }
    pipeline.removeHandler(context: superseded, promise: nil)
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

  private func cancelTimer() {
    timer?.cancel()
    timer = nil
  }
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
