import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientLiveSearchTests {
  private static func search(_ query: RepositorySearchQuery) async throws -> RepositorySearchResults {
    try await withFakeGitHub { client, _ in try await client.searchRepositories(query) }
  }

  // MARK: - Pages and links

  @Test func firstPageHasNextAndLastLinks() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "swift"))

    #expect(results.totalCount == FakeGitHubServer.defaultTotal)
    #expect(results.items.count == 30)
    #expect(results.items.first?.fullName == "octo-1/swift-1")
    #expect(results.page == 1)
    #expect(results.nextPage == 2)
    #expect(results.links.nextPage == 2)
    #expect(results.links.lastPage == 3)
    #expect(results.links.prev == nil)
    #expect(results.links.first == nil)
    #expect(results.links.next == "https://api.github.com/search/repositories?q=swift&page=2")
  }

  @Test func middlePageHasEveryLink() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "swift", page: 2))

    #expect(results.items.map(\.id) == Array(10_031...10_060))
    #expect(results.links.prevPage == 1)
    #expect(results.links.nextPage == 3)
    #expect(results.links.lastPage == 3)
    #expect(results.links.firstPage == 1)
    #expect(results.nextPage == 3)
  }

  @Test func lastPageHasNoNextPage() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "swift", page: 3))

    #expect(results.items.count == 15)
    #expect(results.nextPage == nil)
    #expect(results.links.next == nil)
    #expect(results.links.last == nil)
    #expect(results.links.prevPage == 2)
    #expect(results.links.firstPage == 1)
    #expect(results.lastPage == 3)
  }

  @Test func singlePageHasNoLinkHeader() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "nothing"))

    #expect(results.totalCount == 0)
    #expect(results.items.isEmpty)
    #expect(results.links.isEmpty)
    #expect(results.nextPage == nil)
    #expect(results.lastPage == 1)
  }

  @Test func followingNextPagesCollectsEveryResultOnce() async throws {
    let (repositories, paths) = try await withFakeGitHub { client, server in
      var query = RepositorySearchQuery(q: "swift")
      var repositories: [GitHubRepository] = []
      while true {
        let results = try await client.searchRepositories(query)
        repositories += results.items
        guard let next = results.nextPage else { break }
        query.page = next
      }
      return (repositories, server.requests.map(\.rawPath))
    }

    #expect(repositories.count == FakeGitHubServer.defaultTotal)
    #expect(Set(repositories.map(\.id)).count == FakeGitHubServer.defaultTotal)
    #expect(paths.map { $0.hasSuffix("&page=1&per_page=30") } == [true, false, false])
    #expect(paths.last?.hasSuffix("&page=3&per_page=30") == true)
  }

  @Test func pageAndPerPageAreSent() async throws {
    let (results, request) = try await withFakeGitHub { client, server in
      let results = try await client.searchRepositories(RepositorySearchQuery(q: "swift", page: 2, perPage: 50))
      return (results, try #require(server.requests.first))
    }

    #expect(request.method == "GET")
    #expect(request.rawPath == "/search/repositories?q=swift&page=2&per_page=50")
    #expect(results.items.count == 25)
    #expect(results.links.prev == "https://api.github.com/search/repositories?q=swift&per_page=50&page=1")
  }

  @Test func incompleteResultsAreReported() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "incomplete"))

    #expect(results.incompleteResults)
    #expect(results.items.count == 5)
  }

  // MARK: - The 1,000-result limit

  @Test(arguments: [(30, 34, 10), (100, 10, 100), (7, 143, 6)])
  func lastLinkStopsAtTheResultLimit(perPage: Int, lastPage: Int, itemsOnLastPage: Int) async throws {
    let (first, last) = try await withFakeGitHub { client, _ in
      let first = try await client.searchRepositories(RepositorySearchQuery(q: "many", perPage: perPage))
      let last = try await client.searchRepositories(
        RepositorySearchQuery(q: "many", page: try #require(first.links.lastPage), perPage: perPage))
      return (first, last)
    }

    #expect(first.totalCount == 4242)
    #expect(first.links.lastPage == lastPage)
    #expect(last.items.count == itemsOnLastPage)
    #expect(last.items.last?.id == 11_000)
    #expect(last.nextPage == nil)
  }

  @Test func nextLinkBeyondTheResultLimitIsIgnored() async throws {
    let (lastAvailable, earlier) = try await withFakeGitHub { client, _ in
      (
        try await client.searchRepositories(RepositorySearchQuery(q: "uncapped", page: 34)),
        try await client.searchRepositories(RepositorySearchQuery(q: "uncapped", page: 33))
      )
    }

    #expect(lastAvailable.links.nextPage == 35)
    #expect(lastAvailable.nextPage == nil)
    #expect(earlier.nextPage == 34)
  }

  // MARK: - Query encoding

  @Test(arguments: [
    ("swift language:swift", "swift%20language%3Aswift"),
    ("a+b", "a%2Bb"),
    ("rock&roll #1", "rock%26roll%20%231"),
    ("stars:>=10 path/to", "stars%3A%3E%3D10%20path%2Fto"),
    (#""exact phrase""#, "%22exact%20phrase%22"),
    ("Zoë 仓库", "Zo%C3%AB%20%E4%BB%93%E5%BA%93"),
    ("100%", "100%25"),
    ("dots.and-dashes_~", "dots.and-dashes_~"),
  ])
  func queryIsPercentEncoded(q: String, encoded: String) async throws {
    let request = try await withFakeGitHub { client, server in
      _ = try await client.searchRepositories(RepositorySearchQuery(q: q))
      return try #require(server.requests.first)
    }

    #expect(request.rawPath == "/search/repositories?q=\(encoded)&page=1&per_page=30")
    #expect(FakeGitHubServer.searchParameters(rawPath: request.rawPath).q == q)
  }

  @Test func requestCarriesGitHubsHeadersAndTheToken() async throws {
    let request = try await withFakeGitHub(token: "ghp_search123") { client, server in
      _ = try await client.searchRepositories(RepositorySearchQuery(q: "swift"))
      return try #require(server.requests.first)
    }

    #expect(request.headers["accept"] == "application/vnd.github+json")
    #expect(request.headers["x-github-api-version"] == "2022-11-28")
    #expect(request.headers["authorization"] == "Bearer ghp_search123")
  }

  @Test func anonymousRequestHasNoAuthorization() async throws {
    let request = try await withFakeGitHub { client, server in
      _ = try await client.searchRepositories(RepositorySearchQuery(q: "swift"))
      return try #require(server.requests.first)
    }

    #expect(request.headers["authorization"] == nil)
  }

  // MARK: - Decoding

  @Test func itemsAreDecodedFromGitHubsFullJSON() async throws {
    let results = try await Self.search(RepositorySearchQuery(q: "swift", perPage: 10))

    let first = try #require(results.items.first)
    #expect(first.id == 10_001)
    #expect(first.name == "swift-1")
    #expect(first.fullName == "octo-1/swift-1")
    #expect(
      first.owner
        == GitHubRepositoryOwner(
          login: "octo-1", id: 501, avatarURL: "https://avatars.githubusercontent.com/u/501?v=4", type: "Organization"))
    #expect(first.htmlURL == "https://github.com/octo-1/swift-1")
    #expect(first.description == "Repository number 1 for swift")
    #expect(first.stargazersCount == 99_963)
    #expect(first.forksCount == 3)
    #expect(first.language == "Swift")
    #expect(first.updatedAt == ISO8601DateFormatter().date(from: "2024-05-01T12:00:00Z"))
    #expect(results.items[4].language == nil)
    #expect(results.items[6].description == nil)
  }

  // MARK: - Failures

  private static func searchError(
    _ q: String,
    page: Int = 1,
    timeout: Duration = .seconds(5)
  ) async throws -> GitHubClientError? {
    try await withFakeGitHub(timeout: timeout) { client, _ in
      await failure { () async throws(GitHubClientError) in
        try await client.searchRepositories(RepositorySearchQuery(q: q, page: page))
      }
    }
  }

  @Test func missingQueryIsValidationFailed() async throws {
    let error = try await Self.searchError("")

    #expect(error == .validationFailed([GitHubFieldError(resource: "Search", field: "q", code: "missing")]))
    #expect(error?.statusCode == 422)
    #expect(error?.description == "Validation failed (422): Search.q missing")
  }

  @Test func pageBeyondTheResultLimitIsValidationFailedWithGitHubsMessage() async throws {
    let error = try await Self.searchError("swift", page: 35)

    #expect(error == .validationFailed([GitHubFieldError(message: "Only the first 1000 search results are available")]))
    #expect(error?.fieldErrors.first?.message == "Only the first 1000 search results are available")
  }

  @Test func primaryRateLimitCarriesTheResetTime() async throws {
    let error = try #require(try await Self.searchError("ratelimited"))

    let resetAt = Date(timeIntervalSince1970: TimeInterval(FakeGitHubServer.rateLimitReset))
    #expect(error == .rateLimited(resetAt: resetAt, retryAfter: nil))
    #expect(error.retryDelay(now: resetAt.addingTimeInterval(-42)) == .seconds(42))
  }

  @Test func tooManyRequestsCarriesRetryAfter() async throws {
    let error = try #require(try await Self.searchError("retryafter"))

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(42)))
    #expect(error.retryDelay(now: Date()) == .seconds(42))
  }

  @Test func secondaryLimitWithRequestsLeftIsARateLimitWithRetryAfter() async throws {
    let error = try #require(try await Self.searchError("secondary"))

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(45)))
    #expect(error.retryDelay(now: Date(timeIntervalSince1970: 0)) == .seconds(45))
  }

  @Test func secondaryLimitWithoutRetryAfterWaitsOneMinute() async throws {
    let error = try #require(try await Self.searchError("secondary-no-retry"))

    #expect(error == .rateLimited(resetAt: nil, retryAfter: .seconds(60)))
    #expect(error.isRateLimit)
  }

  @Test func serviceUnavailableIsUnexpectedStatus() async throws {
    let error = try await Self.searchError("broken")

    #expect(error == .unexpectedStatus(503, message: "Service Unavailable"))
  }

  @Test(arguments: ["garbage", "truncated"])
  func malformedBodyIsInvalidResponse(q: String) async throws {
    let error = try await Self.searchError(q)

    #expect(error?.code == .invalidResponse)
    #expect(error?.description.contains("RepositorySearchResponse") == true)
  }

  @Test func slowAnswerTimesOut() async throws {
    let error = try await Self.searchError("slow", timeout: GitHubClientLiveFailureTests.shortTimeout)

    #expect(error == .timeout)
  }

  @Test func refusedConnectionIsTransport() async throws {
    let port = try await closedLoopbackPort()
    let configuration = GitHubClientConfiguration.octoreact(baseURL: "http://127.0.0.1:\(port)")

    let error = try await withHTTPClient(configuration: failFastConfiguration()) { httpClient in
      let client = GitHubClient.live(configuration: configuration, httpClient: httpClient)
      return await failure { () async throws(GitHubClientError) in
        try await client.searchRepositories(RepositorySearchQuery(q: "swift"))
      }
    }

    #expect(error?.code == .transport)
  }

  @Test func tokenIsSentAndAbsentFromEveryErrorDescription() async throws {
    let token = "ghp_SECRETTOKEN0123456789"
    let queries = [
      "", "ratelimited", "retryafter", "secondary", "secondary-no-retry", "broken", "garbage", "truncated",
    ]
    // The default timeout: on a loaded machine a short one could end a request before it arrives.
    var descriptions = try await withFakeGitHub(token: token) { client, server in
      var descriptions: [String] = []
      for q in queries {
        let error = await failure { () async throws(GitHubClientError) in
          try await client.searchRepositories(RepositorySearchQuery(q: q))
        }
        descriptions.append(try #require(error).description)
      }
      #expect(server.requests.count == queries.count)
      #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })
      return descriptions
    }
    descriptions.append(
      try await withFakeGitHub(token: token, timeout: GitHubClientLiveFailureTests.shortTimeout) { client, _ in
        let timeout = await failure { () async throws(GitHubClientError) in
          try await client.searchRepositories(RepositorySearchQuery(q: "slow"))
        }
        return try #require(timeout).description
      }
    )

    #expect(descriptions.count == queries.count + 1)
    for description in descriptions {
      #expect(!description.contains("SECRETTOKEN"))
    }
  }
}
