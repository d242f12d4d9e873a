import AccountStore
import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SignupFeature

extension LiveRoute {
  /// The ``SignupAPI`` of one live Signup page, counted against `client` (``RateLimiter/client(peer:headers:)``):
  /// availability from this server's accounts or from GitHub, and signup on this server's accounts.
  ///
  /// **Budgets:** a check spends the client's `core` budget and a signup its `signup` budget, as
  /// `GET /users/{name}` and `POST /users` do, so a page is no way around the API's limits. The store is
  /// called directly, not through the API, for the reason ``searchClient(for:)`` gives.
  ///
  /// **Taken names:** an account's or an index owner's, as `GET /users/{name}` answers for both (a GitHub
  /// login names one user or organization).
  func signupAPI(for client: String) -> SignupAPI {
    SignupAPI(
      usernameAvailable: { [self] name in
        try await spend(.core, client: client)
        try await delayAnswer()
        switch configuration.availability {
        case .local:
          guard try await accounts.account(named: name) == nil else { return false }
          return try await index.owner(named: name) == nil
        case .github(let token):
          do throws(GitHubClientError) {
            return try await GitHubClient.live(configuration: .github(token: token), httpClient: httpClient).user(name)
              == nil
          } catch {
            // A rate limit becomes the screen's "try again in N s"; anything else stays an error.
            guard error.isRateLimit else { throw error }
            throw SignupAPIError.rateLimited(retryAfter: error.retryDelay(now: Date()))
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

  private func delayAnswer() async throws {
    if configuration.signupAnswerDelay > .zero { try await clock.sleep(for: configuration.signupAnswerDelay) }
  }

  /// Throws when the budget is spent, or cannot be counted (the screen shows it as any storage error).
  private func spend(_ resource: RateLimitResource, client: String) async throws {
    guard let outcome = try await rateLimiter.take(resource, client: client), !outcome.isAllowed else { return }
    throw SignupAPIError.rateLimited(retryAfter: .seconds(outcome.retryAfter))
  }
}
