import AccountStore
import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SignupFeature

/// Makes the ``SignupAPI`` of one live Signup page: availability from this server's accounts or
/// from GitHub, and signup on this server's accounts, each request spending the page's client's
/// budgets first. A store too busy hashing is ``SignupAPIError/serverBusy(retryAfter:)``.
///
/// **Budgets:** a username check spends the client's `core` budget and a signup its `signup`
/// budget, as `GET /users/{name}` and `POST /users` do, so a page is no way around the API's
/// limits. A request over budget throws ``SignupAPIError/rateLimited(retryAfter:)``, which the
/// screen shows with the time to wait.
///
/// **Taken names:** a name is taken when an account or an owner of the repository index has it, as
/// `GET /users/{name}` answers for both (a GitHub login names one user or organization).
///
/// **Why the store is called directly** (and not this server's API over HTTP, as before): a request
/// the server makes to itself comes from 127.0.0.1, so every page would have spent one shared
/// budget, and the browser's own address would never have been counted.
struct SignupAPIFactory: Sendable {
  let availability: AppConfiguration.APISource
  let accounts: AccountStore
  let index: RepositoryIndex
  let rateLimiter: RateLimiter
  let httpClient: HTTPClient
  /// For tests: each answer waits this long first (``AppConfiguration/signupAnswerDelay``).
  let answerDelay: Duration
  let clock: any Clock<Duration>

  /// The API of a page whose client is `client` (see ``RateLimiter/client(of:)``).
  func makeSignupAPI(client: String) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { [self] name in
        try await spend(.core, client: client)
        try await delayAnswer()
        switch availability {
        case .local:
          guard try await accounts.account(named: name) == nil else { return false }
          return try await index.owner(named: name) == nil
        case .github(let token):
          do throws(GitHubClientError) {
            return try await GitHubClient.live(configuration: .github(token: token), httpClient: httpClient).user(name)
              == nil
          } catch {
            throw Self.signupError(error)
          }
        }
      },
      signup: { [self] name, password in
        try await spend(.signup, client: client)
        try await delayAnswer()
        if try await index.owner(named: name) != nil { return .refused }
        do throws(AccountStoreError) {
          return .created(username: try await accounts.createAccount(username: name, password: password).login)
        } catch {
          if error.isUsernameTaken { return .refused }
          if let retryAfter = error.retryAfter { throw SignupAPIError.serverBusy(retryAfter: retryAfter) }
          throw error
        }
      }
    )
  }

  /// Waits the test-only answer delay, if any; a cancelled request stops waiting at once.
  private func delayAnswer() async throws {
    if answerDelay > .zero { try await clock.sleep(for: answerDelay) }
  }

  /// Spends one request of `client`'s `resource` budget, or throws when it is spent, or when it cannot
  /// be counted (the screen says "Error contacting server", as for any storage error).
  private func spend(_ resource: RateLimitResource, client: String) async throws {
    guard let outcome = try await rateLimiter.take(resource, client: client), !outcome.isAllowed else { return }
    throw SignupAPIError.rateLimited(retryAfter: .seconds(outcome.retryAfter))
  }

  /// A rate limit becomes the screen's "try again in N s"; anything else stays an error the screen
  /// shows as "Error contacting server".
  private static func signupError(_ error: GitHubClientError) -> any Error {
    error.isRateLimit ? SignupAPIError.rateLimited(retryAfter: error.retryDelay(now: Date())) : error
  }
}
