import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ReactorCore
import SearchFeature

/// `/live/search`: the WebSocket that binds a Search page to a `SearchReactor` running on the server.
///
/// Inbound messages are `{"type": "query", "value": "…"}`, `{"type": "loadNextPage"}` and
/// `{"type": "retry"}`; outbound ones are states (``LiveSearchState``) or errors. One reactor per
/// connection, released when the socket closes.
struct LiveSearchController: Sendable {
  let configuration: AppConfiguration
  /// Tells the page's client (whose budget its searches spend) from its connection and headers.
  let rateLimiter: RateLimiter
  /// The search client of a page, given its client (whose `search` budget its searches spend).
  let searchClient: @Sendable (_ client: String) -> RepositorySearchClient
  /// Sends the page away (`1001`) when the server starts draining, so that it reconnects elsewhere.
  let drain: DrainState
  let clock: any Clock<Duration>
  /// Counts the page's session open and the messages that reach its reactor.
  let metrics: LiveSessionMetrics
  let logger: Logger

  func addRoutes(to router: some RouterMethods<AppRequestContext>) {
    router.ws(
      "/live/search",
      shouldUpgrade: { request, _ in
        // Refuse an unknown engine before upgrading, with a plain HTTP error (not 101 then 1011).
        _ = try PageRequest(request)
        return .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        let page = try PageRequest(context.request)
        let client = searchClient(
          rateLimiter.client(peer: context.requestContext.remoteAddress, headers: context.request.headers))
        try await run(page, client: client, inbound: inbound, outbound: outbound)
      }
    )
  }

  private func run(
    _ page: PageRequest, client: RepositorySearchClient, inbound: WebSocketInboundStream,
    outbound: WebSocketOutboundWriter
  ) async throws {
    let messages = SearchMessages(page.searchLanguage, service: configuration.searchService)
    let session = LiveSearchSession(
      reactor: SearchReactor(client: client), queryThrottle: configuration.queryThrottle, clock: clock)
    let connection = LiveConnection(
      inbound: inbound, outbound: outbound, logger: logger, refusals: configuration.liveMessageRefusals,
      language: page.language, drain: drain, clock: clock)
    // The Search screen has one engine, the reactor.
    let counted = metrics.open(
      .init(screen: "search", engine: "reactor"), runningTasks: { [store = session.store] in store.runningTaskCount })
    defer { counted.close() }
    try await connection.run(
      render: { send in
        var page = LiveSearchState(messages: messages)
        for await state in session.store.latestStates { send(page.render(state)) }
      },
      receive: { text throws(LiveInputError) in
        session.handle(
          try LiveEvent.searchAction(
            from: text, maxBytes: configuration.maxLiveMessageBytes, maxCharacters: configuration.maxFieldCharacters)
        )
        counted.countAction()
      }
    )
  }
}
