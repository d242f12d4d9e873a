public import AsyncHTTPClient
import Foundation
import NIOHTTP1

extension GitHubClient {
  /// The live client over HTTP, against GitHub or Octoreact's compatible API.
  ///
  /// Every request carries `Accept: application/vnd.github+json`, `X-GitHub-Api-Version: 2022-11-28`, the
  /// configured `User-Agent` and, when there is a token, `Authorization: Bearer …`. Path segments and query
  /// parameters are percent-encoded. The whole call, body included, fails with `.timeout` after
  /// `configuration.timeout`, and a body over `configuration.maxResponseBodySize` with `.invalidResponse`.
  ///
  /// The caller owns `httpClient`; by default it is AsyncHTTPClient's process-wide `HTTPClient.shared`, which needs
  /// no shutdown. AsyncHTTPClient retries failed connections by default, so a refused connection is reported only
  /// when the timeout ends, as `.transport` (or `.timeout` if no attempt had failed yet); an `HTTPClient` with
  /// `connectionPool.retryConnectionEstablishment = false` reports it at once.
  ///
  /// For example:
  ///
  /// ```swift
  /// let github = GitHubClient.live(configuration: .github(token: nil))
  /// do {
  ///   if let user = try await github.user("octocat") {
  ///     print("\(user.login) joined on \(user.createdAt?.formatted() ?? "?")")
  ///   }
  /// } catch let error where error.isRateLimit {
  ///   print("Rate limited; retry in \(error.retryDelay(now: Date()) ?? .seconds(60))")
  /// }
  /// ```
  public static func live(
    configuration: GitHubClientConfiguration,
    httpClient: HTTPClient = .shared
  ) -> GitHubClient {
    let transport = LiveTransport(configuration: configuration, httpClient: httpClient)
    return GitHubClient(
      user: { login throws(GitHubClientError) in
        // No account has an empty login, and `GET /users/` would list users instead.
        guard !login.isEmpty else { return nil }
        let response = try await transport.send(.GET, ["users", login])
        switch response.status {
        case 200..<300: return try response.decode(GitHubUser.self)
        case 404: return nil
        default: throw response.failure(redacting: transport.redact)
        }
      },
      createUser: { username, password throws(GitHubClientError) in
        let body: [UInt8]
        do {
          body = Array(try JSONEncoder().encode(SignupRequest(username: username, password: password)))
        } catch {
          throw .invalidResponse("could not encode the signup request")
        }
        let response = try await transport.send(.POST, ["users"], json: body)
        switch response.status {
        case 200..<300: return try response.decode(GitHubUser.self)
        case 404: throw .notFound
        case 409: throw .usernameTaken
        default: throw response.failure(redacting: transport.redact)
        }
      },
      searchRepositories: { query throws(GitHubClientError) in
        let response = try await transport.send(.GET, RepositorySearchQuery.pathSegments, query: query.queryItems)
        switch response.status {
        case 200..<300:
          let body = try response.decode(RepositorySearchResponse.self)
          let links = PaginationLinks(linkHeader: response.headerValue("Link"))
          return RepositorySearchResults(response: body, links: links, query: query)
        default: throw response.failure(redacting: transport.redact)
        }
      }
    )
  }
}

/// The body of `POST /users` on Octoreact's server.
private struct SignupRequest: Encodable {
  var username: String
  var password: String
}
