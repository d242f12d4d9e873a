public import AccountStore
public import AsyncHTTPClient
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
public import PostgresDatabase
public import RepositoryIndex

/// Builds the Octoreact application: the GitHub-compatible API, the pages, the live WebSocket bridge
/// and the static assets, on one router.
///
/// `metrics` holds what `GET /metrics` reports; `nil` (the default) gives the application metrics of its
/// own, with the account store's operations in flight as its database pool use. `rateLimitDatabase`, when
/// given, is where the per-client budgets are counted, shared by every server on it (its table made by
/// ``RateLimitTable/migrations``); `nil` (the default) counts them in this process.
public func buildApplication(
  _ configuration: AppConfiguration,
  accounts: AccountStore,
  index: RepositoryIndex,
  httpClient: HTTPClient,
  drain: DrainState = DrainState(),
  clock: any Clock<Duration> = ContinuousClock(),
  metrics: ServerMetrics? = nil,
  rateLimitDatabase: PostgresPool? = nil,
  logger: Logger,
  onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
  // Every line but the request log (RequestRecordMiddleware says why) is bounded per statement, Hummingbird's too.
  let requestLogger = logger
  let logger = logger.rateLimited(configuration.logLineLimit, clock: clock)
  let localAddress = LocalAddress(host: configuration.host, port: configuration.port)
  let metrics = metrics ?? ServerMetrics(databasePool: { DatabasePoolUsage(inUse: accounts.operationsInFlight) })
  let rateLimiter = RateLimiter(
    configuration.rateLimits, counter: rateLimitDatabase.map { .postgres($0) },
    trustedProxies: configuration.trustedProxies, onRefusal: metrics.countRefusal)
  let router = buildRouter(
    configuration, accounts: accounts, index: index, rateLimiter: rateLimiter, httpClient: httpClient, drain: drain,
    clock: clock, publicAddress: PublicAddress(configuration, localAddress: localAddress), metrics: metrics,
    logger: logger, requestLogger: requestLogger)
  return Application(
    router: router,
    server: .guardedWebSocketUpgrade(
      webSocketRouter: router,
      // Frames up to `maxFrameSize` reach the bridge, which answers anything over its own limit with an error
      // message; larger frames close the connection (1009, message too big), and a text message that is not
      // UTF-8 closes it as RFC 6455 says (1007), where it would be repaired otherwise. Once the server has sent
      // its close frame, the client has 2 s to answer it (a browser answers at once); meanwhile every frame it
      // sends is still read, so a flooding client closed for its refusals is not read for the library's default
      // 15 s. No automatic pings: a page that stops sending (a dead peer among them) is closed by the live idle
      // deadline (`WebSocketIdleHandler`), and a ping task per socket would cost every idle page memory and timers.
      configuration: .init(
        ws: .init(
          maxFrameSize: 64 * 1024, autoPing: .disabled, closeTimeout: .seconds(2),
          validateUTF8: true)),
      limits: configuration.connectionLimits,
      bodyRule: RequestBodyRule(maxBytes: configuration.maxRequestBodyBytes),
      shares: ClientConnectionShares(
        share: configuration.rateLimits.connectionsPerClient, trustedProxies: configuration.trustedProxies),
      connections: drain.connections, logger: logger
    ),
    configuration: .init(
      address: .hostname(configuration.host, port: configuration.port),
      serverName: "octoreact",
      availableConnectionsDelegate: MaximumAvailableConnections(configuration.connectionLimits.maxConnections)
    ),
    onServerRunning: { channel in
      await AcceptPauseHandler.install(on: channel, logger: logger)
      let port = channel.localAddress?.port ?? configuration.port
      localAddress.set(host: channel.localAddress?.ipAddress, port: port)
      await onServerRunning(port)
    },
    logger: logger
  )
}

/// The router alone, for tests that need no server.
func buildRouter(
  _ configuration: AppConfiguration,
  accounts: AccountStore,
  index: RepositoryIndex,
  rateLimiter: RateLimiter,
  httpClient: HTTPClient,
  drain: DrainState,
  clock: any Clock<Duration>,
  publicAddress: PublicAddress,
  metrics: ServerMetrics,
  logger: Logger,
  requestLogger: Logger
) -> Router<AppRequestContext> {
  let router = Router(context: AppRequestContext.self)
  router.middlewares.add(
    RequestRecordMiddleware(logger: requestLogger, refusalLogger: logger, metrics: metrics))
  router.middlewares.add(SecurityHeadersMiddleware())
  HealthController(accounts: accounts, index: index, drain: drain).addRoutes(to: router)
  if configuration.exposesMetrics { MetricsController(metrics: metrics).addRoutes(to: router) }
  // Only under /assets: router-wide, FileMiddleware would search the disk behind every API 404 (an unknown user).
  router.group("assets")
    .add(middleware: FileMiddleware(publicFolder, urlBasePath: "/assets", searchForIndexHtml: false, logger: logger))
    .on("**", method: .get) { _, _ -> Response in throw HTTPError(.notFound) }
    .on("**", method: .head) { _, _ -> Response in throw HTTPError(.notFound) }
  UsersController(
    accounts: accounts, index: index, maxBodyBytes: configuration.maxRequestBodyBytes, publicAddress: publicAddress,
    logger: logger, rateLimiter: rateLimiter
  )
  .addRoutes(to: router)
  SearchController(index: index, rateLimiter: rateLimiter, logger: logger, publicAddress: publicAddress)
    .addRoutes(to: router)
  RepositoriesController(index: index, rateLimiter: rateLimiter, logger: logger, publicAddress: publicAddress)
    .addRoutes(to: router)
  RateLimitController(rateLimiter: rateLimiter).addRoutes(to: router)
  APIFallbackController(rateLimiter: rateLimiter).addRoutes(to: router)
  DocsController(logger: logger).addRoutes(to: router)
  PagesController(index: index, accounts: accounts, rateLimiter: rateLimiter).addRoutes(to: router)
  let live = LiveRoute(
    configuration: configuration, accounts: accounts, index: index, rateLimiter: rateLimiter, httpClient: httpClient,
    publicAddress: publicAddress, drain: drain, clock: clock, metrics: metrics.live, logger: logger)
  live.add(LiveSignupScreen.self, to: router)
  live.add(LiveSearchScreen.self, to: router)
  return router
}

/// The folder of the pages' scripts and `style.css`, shipped as a SwiftPM resource.
private let publicFolder = Bundle.module.resourceURL!.appendingPathComponent("public").path
