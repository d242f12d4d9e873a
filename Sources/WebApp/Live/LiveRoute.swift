import AccountRules
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOWebSocket
import SearchFeature
import SignupFeature

/// The live pages' WebSocket route, the same for every ``LiveScreen``: `/live/<name>`.
///
/// One screen per connection, released when the socket closes. Two tasks serve it: the connection's
/// own reads the page's messages and hands each to the screen; a child task writes the screen's
/// states, rendered, straight to the socket. The screen's ``LiveScreen/states`` skip what the page had
/// no time to take, so a slow page always ends on the latest state.
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
struct LiveRoute: Sendable {
  let configuration: AppConfiguration
  /// Tells a page's client (whose budgets its requests spend) from its connection and headers.
  let rateLimiter: RateLimiter
  let signupAPI: @Sendable (_ client: String) -> SignupAPI
  let searchClient: @Sendable (_ client: String) -> RepositorySearchClient
  let drain: DrainState
  let clock: any Clock<Duration>
  let metrics: LiveSessionMetrics
  let logger: Logger

  /// Serves `Screen` at `/live/<name>`.
  func add<Screen: LiveScreen>(_: Screen.Type, to router: some RouterMethods<AppRequestContext>) {
    metrics.register(screen: Screen.name, engines: Screen.engines)
    router.ws(
      "/live/\(Screen.name)",
      shouldUpgrade: { request, _ in
        // Refuse an unknown engine before upgrading, with a plain HTTP error (not 101 then 1011).
        _ = try PageRequest(request, screen: Screen.name, engines: Screen.engines)
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        let (screen, page, inspector) = try await makeScreen(Screen.self, context.request, context.requestContext)
        // From here the connection's messages and states stay on its event loop (see the executor).
        try await withTaskExecutorPreference(EventLoopTaskExecutor(context.requestContext.eventLoop)) {
          try await serve(screen, page: page, inspector: inspector, inbound: inbound, outbound: outbound)
        }
      }
    )
  }

  /// The page's screen. A function of its own: what making it takes is not kept for the socket's lifetime
  /// (a task keeps the memory its deepest frames took, and an idle page holds its task).
  private func makeScreen<Screen: LiveScreen>(
    _: Screen.Type, _ request: Request, _ context: AppRequestContext
  ) async throws -> (Screen, PageRequest, LiveInspector?) {
    let page = try PageRequest(request, screen: Screen.name, engines: Screen.engines)
    let client = rateLimiter.client(peer: context.remoteAddress, headers: request.headers)
    let inspector = page.inspects ? LiveInspector(clock: clock) : nil
    let screen = await Screen(
      LiveScreenContext(
        page: page, client: client, configuration: configuration, signupAPI: signupAPI, searchClient: searchClient,
        clock: clock, inspector: inspector))
    return (screen, page, inspector)
  }

  private func serve<Screen: LiveScreen>(
    _ screen: Screen, page: PageRequest, inspector: LiveInspector?, inbound: WebSocketInboundStream,
    outbound: WebSocketOutboundWriter
  ) async throws {
    // A screen with no effect tasks to count (a view model) is left out of the gauge.
    let runningTasks: (@Sendable () -> Int)? =
      if screen.runningTaskCount == nil { nil } else { { @Sendable in screen.runningTaskCount ?? 0 } }
    let session = metrics.open(screen: Screen.name, engine: screen.engine, runningTasks: runningTasks)
    defer { session.close() }
    try await drain.withSession(goAway: {
      // Errors mean the socket is closing or closed already: the page is gone either way.
      try? await outbound.close(.goingAway, reason: "The server is restarting")
    }) {
      try await exchange(
        screen, page: page, inspector: inspector, session: session, inbound: inbound, outbound: outbound)
    }
  }

  /// States (and the inspector's messages) out, messages in, until the page closes the socket or sends
  /// too many refused messages.
  private func exchange<Screen: LiveScreen>(
    _ screen: Screen, page: PageRequest, inspector: LiveInspector?, session: LiveSessionMetrics.Session,
    inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let ending = try await withThrowingTaskGroup(of: Void.self, returning: Ending.self) { group in
      group.addTask {
        var previous: Screen.State?
        for await state in screen.states {
          try await outbound.write(.text(screen.render(state, after: previous)))
          previous = state
        }
      }
      if let inspector {
        group.addTask {
          for await _ in inspector.wakeUps {
            if let message = inspector.takeMessage() { try await outbound.write(.text(message)) }
          }
        }
      }
      defer { group.cancelAll() }
      return try await receive(
        inbound, into: screen, inspector: inspector, session: session, language: page.language,
        outbound: outbound)
    }
    guard case .tooManyRefusals = ending else { return }
    let limit = configuration.liveMessageRefusals
    try await outbound.write(.text(LiveInputError.tooManyRefusals(limit: limit).json(page.language)))
    logger.notice("Closed a live page that sent too many refused messages", metadata: ["limit": "\(limit)"])
    try await outbound.close(.policyViolation, reason: "Too many refused messages")
  }

  /// How the page's side ended.
  private enum Ending {
    case closedByPage
    case tooManyRefusals
  }

  private func receive(
    _ inbound: WebSocketInboundStream, into screen: some LiveScreen, inspector: LiveInspector?,
    session: LiveSessionMetrics.Session, language: Language, outbound: WebSocketOutboundWriter
  ) async throws -> Ending {
    let stopwatch = Stopwatch(clock: clock)
    var refused = FixedWindowCounter(configuration.liveMessageRefusals)
    var recordings = FixedWindowCounter(LiveInspector.recordings)
    var rate = configuration.rateLimits.liveMessages.map(TokenBucket.init)
    for try await message in inbound.messages(maxSize: 64 * 1024) {
      // Over the session's rate, a message is dropped before it is read: a flood costs a comparison each.
      // The page's own script never outruns the bucket, so a drop also counts as a refused message: a
      // client that keeps flooding is closed at the refusal limit instead of being read forever.
      if rate?.take(at: stopwatch.elapsed) == false {
        session.countDropped()
        guard refused.count(at: stopwatch.elapsed).isAllowed else { return .tooManyRefusals }
        continue
      }
      var reply: String?
      do throws(LiveInputError) {
        guard case .text(let text) = message else { throw .binary }
        let message = try LiveInput(
          text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
        switch message.type {
        // The page's keep-alive has done its work by arriving (`WebSocketIdleHandler`): no screen takes it.
        case LiveInput.keepAlive: continue
        // The inspector's "Download recording": answered here, for every screen alike.
        case LiveInspector.recordingRequest:
          guard let inspector else { throw .notInspected }
          guard recordings.count(at: stopwatch.elapsed).isAllowed else {
            throw .tooManyRecordings(limit: LiveInspector.recordings)
          }
          reply = try recordingMessage(of: inspector)
        default:
          screen.handle(try type(of: screen).action(from: message))
          session.countAction()
        }
      } catch {
        guard refused.count(at: stopwatch.elapsed).isAllowed else { return .tooManyRefusals }
        logger.notice("Refused a live page message", metadata: ["reason": "\(error)"])
        reply = error.json(language)
      }
      if let reply { try await outbound.write(.text(reply)) }
    }
    return .closedByPage
  }

  /// The message carrying the session's recording; an error (logged, and the page told) when it cannot be
  /// written.
  private func recordingMessage(of inspector: LiveInspector) throws(LiveInputError) -> String {
    let message: String?
    do {
      message = try inspector.recordingMessage()
    } catch {
      logger.error("Could not write a live page's recording", metadata: ["error": "\(error)"])
      throw .recordingUnavailable
    }
    guard let message else { throw .notInspected }
    return message
  }
}
