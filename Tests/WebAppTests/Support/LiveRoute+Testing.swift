import AccountStore
import AsyncHTTPClient
import RepositoryIndex

@testable import WebApp

extension LiveRoute {
  /// A route on this process's services, for tests that ask a page's ``SignupAPI`` or search client
  /// directly, without a socket.
  static func testing(
    _ configuration: AppConfiguration = .testDefault, accounts: AccountStore, index: RepositoryIndex,
    rateLimiter: RateLimiter = RateLimiter(.off)
  ) -> LiveRoute {
    LiveRoute(
      configuration: configuration, accounts: accounts, index: index, rateLimiter: rateLimiter, httpClient: .shared,
      publicAddress: PublicAddress(configuration, localAddress: LocalAddress(host: "127.0.0.1", port: 8080)),
      drain: DrainState(), clock: ContinuousClock(), metrics: ServerMetrics().live, logger: TestApp.quietLogger)
  }
}
