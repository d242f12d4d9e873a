import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ReactorCore
import SignupFeature

/// `/live/signup`: the WebSocket that binds a Signup page to a screen running on the server.
///
/// Inbound text messages are user events (``LiveEvent``); outbound ones are states to show or errors.
/// One screen per connection, released when the socket closes. A bad message gets an error message
/// on the socket and a log line without its content; it never ends the connection or the screen.
struct LiveSignupController: Sendable {
  let configuration: AppConfiguration
  /// Tells the page's client (whose budgets its requests spend) from its connection and headers.
  let rateLimiter: RateLimiter
  /// The API of a page, given its client (whose budgets its requests spend).
  let signupAPI: @Sendable (_ client: String) -> SignupAPI
  /// Sends the page away (`1001`) when the server starts draining, so that it reconnects elsewhere.
  let drain: DrainState
  let clock: any Clock<Duration>
  /// Counts the page's session open and the messages that reach its screen.
  let metrics: LiveSessionMetrics
  let logger: Logger

  func addRoutes(to router: some RouterMethods<AppRequestContext>) {
    router.ws(
      "/live/signup",
      shouldUpgrade: { request, _ in
        // Refuse an unknown engine before upgrading, with a plain HTTP error.
        _ = try PageRequest(request)
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        let page = try PageRequest(context.request)
        let client = rateLimiter.client(
          peer: context.requestContext.remoteAddress, headers: context.request.headers)
        try await run(page, api: signupAPI(client), inbound: inbound, outbound: outbound)
      }
    )
  }

  private func run(
    _ page: PageRequest, api: SignupAPI, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    let messages = SignupMessages(page.language)
    let validation = ValidationService(api: api, messages: messages)
    let session = LiveSignupSession(
      screen: await page.architecture.makeScreen(validation: validation),
      messages: messages,
      usernameThrottle: configuration.usernameThrottle,
      clock: clock
    )
    let connection = LiveConnection(
      inbound: inbound, outbound: outbound, logger: logger, refusals: configuration.liveMessageRefusals,
      language: page.language, drain: drain, clock: clock)
    // A view model has no effect tasks to count; a reactor's are sampled at scrape time.
    let runningTasks = (session.screen as? ReactorSignupScreen).map { screen in
      { @Sendable [store = screen.store] in store.runningTaskCount }
    }
    let counted = metrics.open(.init(screen: "signup", engine: page.architecture.rawValue), runningTasks: runningTasks)
    defer { counted.close() }
    try await connection.run(
      render: { send in
        for await state in session.screen.latestStates { send(LiveOutput.state(state, messages: messages)) }
      },
      receive: { text throws(LiveInputError) in
        session.handle(
          try LiveEvent.signupAction(
            from: text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
        )
        counted.countAction()
      }
    )
  }
}
