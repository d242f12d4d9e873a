import AccountRules
import AccountStore
import AsyncHTTPClient
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import OctoreactCore
import RepositoryIndex

/// The live pages' routes, the same for every ``LiveScreen``: its page at `/<name>`, its WebSocket at `/live/<name>`.
///
/// The connection's task reads the page's messages and hands each to its screen (one per connection); the
/// screen's states go out through a ``LiveOutbox``, so a slow page always ends on the latest state.
///
/// A bad message gets an error message on the socket and a log line without its content; it never
/// ends the connection or the screen. **Limit**: the page's own script never sends a message the
/// server refuses (its fields are as long as the server allows), so refusals come from other clients.
/// Past ``AppConfiguration/liveMessageRefusals`` of them (20 a minute by default), the connection stops
/// reading, sends a last error message and closes with 1008 (policy violation).
///
/// **Rate**: a page may send ``RateLimits/liveMessages`` (20 a second, bursts of 60, by default: far
/// beyond a person's typing); messages beyond it are dropped unanswered and counted in `/metrics`, and
/// each counts as a refused message, so a flood is closed (1008) at the refusal limit.
///
/// **Idle**: a page that sends nothing for ``ConnectionLimits/liveIdleTimeout`` (5 minutes by default)
/// is closed with 1000; the page's script sends `{"type":"keepAlive"}` every minute, which no screen sees.
///
/// When the server starts draining, the socket is closed with `1001` (going away): the page reconnects,
/// to another instance behind a balancer.
///
/// A class: each connection's task keeps its frames for as long as the page stays, and a frame that holds
/// the route holds one reference, not a copy of the whole configuration.
final class LiveRoute: Sendable {
  let configuration: AppConfiguration
  let accounts: AccountStore
  let index: RepositoryIndex
  /// Tells a page's client (whose budgets its requests spend) from its connection and headers.
  let rateLimiter: RateLimiter
  let httpClient: HTTPClient
  let publicAddress: PublicAddress
  let drain: DrainState
  let clock: any Clock<Duration>
  let metrics: LiveSessionMetrics
  let logger: Logger

  init(
    configuration: AppConfiguration, accounts: AccountStore, index: RepositoryIndex, rateLimiter: RateLimiter,
    httpClient: HTTPClient, publicAddress: PublicAddress, drain: DrainState, clock: any Clock<Duration>,
    metrics: LiveSessionMetrics, logger: Logger
  ) {
    self.configuration = configuration
    self.accounts = accounts
    self.index = index
    self.rateLimiter = rateLimiter
    self.httpClient = httpClient
    self.publicAddress = publicAddress
    self.drain = drain
    self.clock = clock
    self.metrics = metrics
    self.logger = logger
  }

  /// Serves `Screen`'s page at `/<name>` and its socket at `/live/<name>`.
  func add<Screen: LiveScreen>(_: Screen.Type, to router: some RouterMethods<AppRequestContext>) {
    metrics.register(screen: Screen.name, engines: Screen.engines)
    router.page(RouterPath(Screen.name)) { [configuration] request, _ in
      .html(Screen.firstPaint(of: request, try PageRequest(request, for: Screen.self), configuration: configuration))
    }
    router.ws(
      "/live/\(Screen.name)",
      shouldUpgrade: { [self] request, _ in
        try refuseOtherSites(request)
        // Refuse an unknown engine before upgrading, with a plain HTTP error (not 101 then 1011).
        _ = try PageRequest(request, for: Screen.self)
        return .upgrade([:])
      },
      onUpgrade: { [self] inbound, outbound, context in
        // From here the connection's messages and states stay on its event loop (see the executor).
        let executor = EventLoopTaskExecutor(context.requestContext.eventLoop)
        let (screen, page, inspector) = try await makeScreen(Screen.self, context.request, context.requestContext)
        try await withTaskExecutorPreference(executor) {
          try await serve(
            screen, page: page, inspector: inspector, inbound: inbound, outbound: outbound, executor: executor)
        }
      }
    )
  }

  /// Refuses an upgrade from a page of another site (``PublicAddress/allowsOrigin(_:)``): a browser lets any page
  /// open a socket to any server, so another site's page could drive a visitor's signup. Every `Origin` given must
  /// be allowed (a browser sends one; a client library may add its own). hummingbird-websocket 2.8.1 answers any
  /// refused upgrade with a bare `400` on the wire; the `403` shows only through the router (tests).
  private func refuseOtherSites(_ request: Request) throws {
    guard request.headers[values: .origin].allSatisfy({ publicAddress.allowsOrigin($0) }) else {
      throw APIError(status: .forbidden, message: "Cross-site WebSocket refused: this origin may not open live pages")
    }
  }

  /// The page's screen, its request and its inspector. Out of line: see ``screenContext(_:_:_:)``.
  @inline(never)
  private func makeScreen<Screen: LiveScreen>(
    _: Screen.Type, _ request: Request, _ context: AppRequestContext
  ) async throws -> (Screen, PageRequest, LiveInspector?) {
    let context = try screenContext(Screen.self, request, context)
    return (await Screen(context), context.page, context.inspector)
  }

  /// What the page's screen is made from. Synchronous and kept out of line, so that what it reads from the request is
  /// not in an async frame: the connection's task keeps the slabs of its deepest frames for as long as the page stays.
  @inline(never)
  private func screenContext<Screen: LiveScreen>(
    _: Screen.Type, _ request: Request, _ context: AppRequestContext
  ) throws -> LiveScreenContext {
    let page = try PageRequest(request, for: Screen.self)
    return LiveScreenContext(
      page: page, client: rateLimiter.client(peer: context.remoteAddress, headers: request.headers),
      inspector: page.inspects ? LiveInspector(clock: clock) : nil, route: self)
  }

  /// One page's connection, until the page closes the socket or sends too many refused messages. One function,
  /// so that an idle page's task holds few frames.
  private func serve<Screen: LiveScreen>(
    _ screen: Screen, page: PageRequest, inspector: LiveInspector?, inbound: WebSocketInboundStream,
    outbound: WebSocketOutboundWriter, executor: EventLoopTaskExecutor
  ) async throws {
    let session = openSession(screen, engine: page.engine)
    // Weakly: the screen keeps its observer, and the outbox keeps the screen to render its states.
    let outbox = LiveOutbox<Screen.State>(
      render: { screen.render($0, after: $1) }, inspector: inspector, executor: executor,
      send: { try await outbound.write(.text($0)) })
    let observation = screen.observe { [weak outbox] in outbox?.stateChanged($0) }
    inspector?.whenEventsWait { [weak outbox] in outbox?.inspectorEventsWaiting() }
    // Errors mean the socket is closing or closed already: the page is gone either way.
    let drainTicket = await drain.enter { try? await outbound.close(.goingAway, reason: "The server is restarting") }
    defer {
      drain.leave(drainTicket)
      observation.cancel()
      outbox.close()
      session.close()
    }
    var budgets = PageBudgets(
      stopwatch: Stopwatch(clock: clock), rate: configuration.rateLimits.liveMessages.map(TokenBucket.init),
      refused: FixedWindowCounter(configuration.liveMessageRefusals))
    for try await message in inbound.messages(maxSize: 64 * 1024) {
      let outcome = take(
        message, into: screen, inspector: inspector, session: session, language: page.language, budgets: &budgets)
      switch outcome {
      case .noReply: continue
      case .reply(let text): try await outbound.write(.text(text))
      case .tooManyRefusals:
        try await closeForRefusals(outbound, language: page.language)
        return
      }
    }
  }

  /// The page's session in the metrics. Synchronous and out of line, as ``screenContext(_:_:_:)``, so that
  /// what it reads takes no room in ``serve``'s frame.
  @inline(never)
  private func openSession<Screen: LiveScreen>(_ screen: Screen, engine: String) -> LiveSessionMetrics.Session {
    // A screen with no effect tasks to count (a view model) is left out of the gauge.
    let runningTasks: (@Sendable () -> Int)? =
      if screen.runningTaskCount == nil { nil } else { { @Sendable in screen.runningTaskCount ?? 0 } }
    return metrics.open(screen: Screen.name, engine: engine, runningTasks: runningTasks)
  }

  /// Tells the page it sent too many refused messages and closes its socket (1008). Out of ``serve``, so
  /// that an idle page's frame has no room for what only a misbehaving client needs.
  private func closeForRefusals(_ outbound: WebSocketOutboundWriter, language: Language) async throws {
    let limit = configuration.liveMessageRefusals
    try await outbound.write(.text(LiveInputError.tooManyRefusals(limit: limit).json(language)))
    logger.notice("Closed a live page that sent too many refused messages", metadata: ["limit": "\(limit)"])
    try await outbound.close(.policyViolation, reason: "Too many refused messages")
  }

  /// What one page may spend: messages per second, refused messages and recordings per window.
  private struct PageBudgets {
    let stopwatch: Stopwatch
    var rate: TokenBucket?
    var refused: FixedWindowCounter
    var recordings = FixedWindowCounter(LiveInspector.recordings)
  }

  /// What became of one of the page's messages.
  private enum Outcome {
    case noReply
    case reply(String)
    case tooManyRefusals
  }

  /// Takes one of the page's messages. Synchronous, so that what a message needs while it is taken lives on
  /// the thread's stack: the connection's task keeps its deepest frames for as long as the page stays.
  private func take(
    _ message: WebSocketMessage, into screen: some LiveScreen, inspector: LiveInspector?,
    session: LiveSessionMetrics.Session, language: Language, budgets: inout PageBudgets
  ) -> Outcome {
    let now = budgets.stopwatch.elapsed
    // Over the session's rate, a message is dropped unread (a flood costs a comparison each) and counts as refused.
    if budgets.rate?.take(at: now) == false {
      session.countDropped()
      return budgets.refused.count(at: now).isAllowed ? .noReply : .tooManyRefusals
    }
    do throws(LiveInputError) {
      guard case .text(let text) = message else { throw .binary }
      let message = try LiveInput(
        text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
      switch message.type {
      case LiveInput.keepAlive: return .noReply
      // The inspector's "Download recording": answered here, for every screen alike.
      case LiveInspector.recordingRequest:
        guard let inspector else { throw .notInspected }
        guard budgets.recordings.count(at: now).isAllowed else {
          throw .tooManyRecordings(limit: LiveInspector.recordings)
        }
        return .reply(try recordingMessage(of: inspector))
      default:
        screen.handle(try type(of: screen).action(from: message))
        session.countAction()
        return .noReply
      }
    } catch {
      guard budgets.refused.count(at: now).isAllowed else { return .tooManyRefusals }
      logger.notice("Refused a live page message", metadata: ["reason": "\(error)"])
      return .reply(error.json(language))
    }
  }

  /// The message carrying the session's recording; an error (logged, and the page told) when it cannot be written.
  private func recordingMessage(of inspector: LiveInspector) throws(LiveInputError) -> String {
    do {
      if let message = try inspector.recordingMessage() { return message }
    } catch {
      logger.error("Could not write a live page's recording", metadata: ["error": "\(error)"])
      throw .recordingUnavailable
    }
    throw .notInspected
  }
}
