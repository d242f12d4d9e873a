import AsyncHTTPClient
import Foundation
import GitHubClient
import SignupFeature

/// Makes the ``SignupAPI`` the live Signup screens use: availability from this server's API or from
/// GitHub, and signup on this server's API, both over HTTP with ``GitHubClient``.
struct SignupAPIFactory: Sendable {
  let availability: AppConfiguration.APISource
  let localAddress: LocalAddress
  let httpClient: HTTPClient

  func makeSignupAPI() -> SignupAPI {
    SignupAPI(
      usernameAvailable: { [self] name in
        do throws(GitHubClientError) {
          return try await availabilityClient().user(name) == nil
        } catch {
          throw Self.signupError(error)
        }
      },
      signup: { [self] name, password in
        do throws(GitHubClientError) {
          let user = try await localClient().createUser(name, password)
          return .created(username: user.login)
        } catch {
          if error == .usernameTaken { return .refused }
          throw Self.signupError(error)
        }
      }
    )
  }

  private func localClient() -> GitHubClient {
    // Built per request: the port is known only once the server runs.
    .live(configuration: .octoreact(baseURL: localAddress.baseURL), httpClient: httpClient)
  }

  private func availabilityClient() -> GitHubClient {
    switch availability {
    case .local: localClient()
    case .github(let token): .live(configuration: .github(token: token), httpClient: httpClient)
    }
  }

  /// A rate limit becomes the screen's "try again in N s"; anything else stays an error the screen
  /// shows as "Error contacting server".
  private static func signupError(_ error: GitHubClientError) -> any Error {
    error.isRateLimit ? SignupAPIError.rateLimited(retryAfter: error.retryDelay(now: Date())) : error
  }
}
