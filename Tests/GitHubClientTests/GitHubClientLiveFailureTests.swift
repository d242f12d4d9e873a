import AsyncHTTPClient
import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientLiveFailureTests {
  /// The client timeout for the slow routes: far below the server's delay, so the tests stay fast.
  static let shortTimeout: Duration = .milliseconds(200)

  private static func userError(_ login: String, timeout: Duration = .seconds(5)) async throws -> GitHubClientError? {
    try await withFakeGitHub(timeout: timeout) { client, _ in
      await failure { () async throws(GitHubClientError) in try await client.user(login) }
    }
  }

  @Test(arguments: ["ratelimited", "ratelimited429"])
  func primaryRateLimitCarriesTheResetTime(login: String) async throws {
    let error = try #require(try await Self.userError(login))

    let resetAt = Date(timeIntervalSince1970: TimeInterval(FakeGitHubServer.rateLimitReset))
    #expect(error == .rateLimited(resetAt: resetAt, retryAfter: nil))
    #expect(error.isRateLimit)
    #expect(error.resetAt == resetAt)
    #expect(error.retryDelay(now: resetAt.addingTimeInterval(-90)) == .seconds(90))
  }

  @Test(arguments: [("secondary", 30), ("secondary403", 45)])
  func secondaryRateLimitCarriesRetryAfter(login: String, seconds: Int) async throws {
    let error = try #require(try await Self.userError(login))

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(seconds)))
    #expect(error.isRateLimit)
    #expect(error.retryDelay(now: Date()) == .seconds(seconds))
  }

  @Test func forbiddenWithoutRateLimitHeadersIsUnexpectedStatus() async throws {
    let error = try await Self.userError("forbidden")

    #expect(error == .unexpectedStatus(403, message: "Resource not accessible by integration"))
    #expect(error?.isRateLimit == false)
    #expect(error?.statusCode == 403)
  }

  @Test func serverErrorIsUnexpectedStatusWithGitHubsMessage() async throws {
    let error = try await Self.userError("broken")

    #expect(error == .unexpectedStatus(500, message: "Server Error"))
    #expect(error?.statusCode == 500)
  }

  @Test func undecodableBodyIsInvalidResponse() async throws {
    let error = try await Self.userError("garbage")

    #expect(error?.code == .invalidResponse)
  }

  @Test func oversizedBodyIsInvalidResponse() async throws {
    let error = try await Self.userError("huge")

    #expect(error?.code == .invalidResponse)
    #expect(error?.description.contains("1048576") == true)
  }

  /// A redirect loop is named as one, with the address asked for: not a connection that failed.
  @Test func aRedirectLoopIsTooManyRedirectsNamingTheURL() async throws {
    let error = try #require(try await Self.userError("loop"))

    #expect(error.code == .tooManyRedirects)
    #expect(error.message?.hasSuffix("/users/loop") == true, "\(error)")
    #expect(error.description.hasPrefix("Too many redirects from http://localhost:"), "\(error)")
  }

  @Test func slowResponseTimesOut() async throws {
    let (error, elapsed) = try await withFakeGitHub(timeout: Self.shortTimeout) { client, _ in
      let start = ContinuousClock.now
      let error = await failure { () async throws(GitHubClientError) in try await client.user("slow") }
      return (error, ContinuousClock.now - start)
    }

    #expect(error == .timeout)
    #expect(elapsed >= Self.shortTimeout)
  }

  @Test func bodyStalledAfterTheHeadTimesOut() async throws {
    let error = try await Self.userError("stalled", timeout: Self.shortTimeout)

    #expect(error == .timeout)
  }

  @Test func refusedConnectionIsTransport() async throws {
    let port = try await closedLoopbackPort()
    let configuration = GitHubClientConfiguration.octoreact(baseURL: "http://127.0.0.1:\(port)")

    let error = try await withHTTPClient(configuration: failFastConfiguration()) { httpClient in
      let client = GitHubClient.live(configuration: configuration, httpClient: httpClient)
      return await failure { () async throws(GitHubClientError) in try await client.user("octocat") }
    }

    #expect(error?.code == .transport)
    #expect(error?.description.contains("refused") == true)
  }

  @Test func cancelledCallIsCancelled() async throws {
    let error = try await withFakeGitHub { client, _ in
      let task = Task { await failure { () async throws(GitHubClientError) in try await client.user("slow") } }
      try await Task.sleep(for: .milliseconds(50))
      task.cancel()
      return await task.value
    }

    #expect(error == .cancelled)
  }

  @Test func tokenIsAbsentFromEveryErrorDescription() async throws {
    let token = "ghp_SECRETTOKEN0123456789"
    let descriptions = try await withFakeGitHub(token: token, timeout: Self.shortTimeout) { client, server in
      var descriptions: [String] = []
      for login in ["ratelimited", "secondary", "forbidden", "broken", "garbage", "huge", "slow", "stalled"] {
        let error = await failure { () async throws(GitHubClientError) in try await client.user(login) }
        descriptions.append(try #require(error).description)
      }
      for username in ["taken", "bad name"] {
        let error = await failure { () async throws(GitHubClientError) in try await client.createUser(username, "pw") }
        descriptions.append(try #require(error).description)
      }
      #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })
      return descriptions
    }

    #expect(descriptions.count == 10)
    for description in descriptions {
      #expect(!description.contains(token))
      #expect(!description.contains("SECRETTOKEN"))
    }
  }

  @Test func tokenIsAbsentFromATransportErrorDescription() async throws {
    let port = try await closedLoopbackPort()
    var configuration = GitHubClientConfiguration.octoreact(baseURL: "http://127.0.0.1:\(port)")
    configuration.token = "ghp_SECRETTOKEN0123456789"

    let error = try await withHTTPClient(configuration: failFastConfiguration()) { httpClient in
      let client = GitHubClient.live(configuration: configuration, httpClient: httpClient)
      return await failure { () async throws(GitHubClientError) in try await client.user("octocat") }
    }

    let description = try #require(error).description
    #expect(!description.contains("SECRETTOKEN"))
    #expect(!"\(configuration)".contains("SECRETTOKEN"))
  }
}
