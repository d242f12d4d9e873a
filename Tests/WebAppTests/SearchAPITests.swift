import Foundation
import GitHubClient
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// `GET /search/repositories`: GitHub's shape, pagination by `Link`, its 422s and its rate limit.
@Suite(.timeLimit(.minutes(1)))
struct SearchAPITests {
  /// 75 repositories whose names contain "swift", and a few others.
  static let repositories = (1...75).map { "owner\($0)/swift-tool-\($0)" } + ["apple/swift", "other/python"]

  @Test func answersInGitHubsShape() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift", method: .get)
      #expect(response.status == .ok)
      let body = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(response.body.readableBytesView))
      #expect(body.totalCount == 76)
      #expect(body.incompleteResults == false)
      #expect(body.items.count == 30)
      // An exact name match ranks first.
      #expect(body.items.first?.fullName == "apple/swift")
      #expect(body.items.first?.owner.login == "apple")
      #expect(body.items.first?.htmlURL.hasSuffix("/repositories/apple/swift") == true)
      let raw = response.json
      let item = try #require((raw["items"] as? [[String: Any]])?.first)
      for key in ["id", "full_name", "name", "owner", "html_url"] { #expect(item[key] != nil, "missing \(key)") }
    }
  }

  @Test func pagesAreLinkedAndNeverRepeatAResult() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await app.application().test(.router) { client in
      var seen: [String] = []
      var uri: String? = "/search/repositories?q=swift&per_page=20"
      var pages = 0
      while let next = uri {
        let response = try await client.execute(uri: next, method: .get)
        #expect(response.status == .ok)
        let body = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(response.body.readableBytesView))
        seen += body.items.map(\.fullName)
        let links = PaginationLinks(linkHeader: response.headers[.link])
        pages += 1
        if pages == 1 {
          #expect(links.nextPage == 2)
          #expect(links.lastPage == 4)
          #expect(links.prev == nil)
        }
        // Follow the link as a client would, on this test server's paths.
        uri = links.next.flatMap { URL(string: $0) }.map { "\($0.path)?\($0.query ?? "")" }
      }
      #expect(pages == 4)
      #expect(seen.count == 76)
      #expect(Set(seen).count == 76)
    }
  }

  @Test func perPageIsClampedToAHundred() async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift&per_page=500", method: .get)
      #expect((response.json["items"] as? [Any])?.count == 76)
      #expect(response.headers[.link] == nil)
    }
  }

  @Test(arguments: [
    ("/search/repositories", "missing"),
    ("/search/repositories?q=%20%20", "missing"),
    ("/search/repositories?q=" + String(repeating: "a", count: 257), "invalid"),
    ("/search/repositories?q=swift&page=two", "invalid"),
    ("/search/repositories?q=swift&page=0", "invalid"),
  ])
  func badParametersAre422ValidationFailed(_ uri: String, code: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .unprocessableContent)
      #expect(response.json["message"] as? String == "Validation Failed")
      let errors = try #require(response.json["errors"] as? [[String: Any]])
      #expect(errors.first?["resource"] as? String == "Search")
      #expect(errors.first?["code"] as? String == code)
    }
  }

  @Test func pagesBeyondTheThousandthResultAre422() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let last = try await client.execute(uri: "/search/repositories?q=swift&page=10&per_page=100", method: .get)
      #expect(last.status == .ok)
      let beyond = try await client.execute(uri: "/search/repositories?q=swift&page=11&per_page=100", method: .get)
      #expect(beyond.status == .unprocessableContent)
      #expect(beyond.json["message"] as? String == "Only the first 1000 search results are available")
    }
  }

  // `word:value` is GitHub's qualifier syntax: an unknown one is a 422 (SearchAPIQualifierTests), not text.
  @Test(arguments: [#""quoted"#, "swift*", "-swift", "swift AND", "NOT swift", "(swift", "http://swift", "NEAR"])
  func searchSyntaxIsTextNotAnError(_ query: String) async throws {
    let app = try await TestApp.withRepositories(Self.repositories)
    try await app.application().test(.router) { client in
      let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
      let response = try await client.execute(uri: "/search/repositories?q=\(encoded)", method: .get)
      #expect(response.status == .ok)
    }
  }

  @Test func theRateLimitAnswersAsGitHubDoes() async throws {
    var configuration = AppConfiguration(port: 0)
    configuration.rateLimits = RateLimits(search: RateLimitRule(limit: 2, window: .seconds(60)))
    let app = try await TestApp.withRepositories(Self.repositories, configuration: configuration)
    try await app.application().test(.router) { client in
      let first = try await client.execute(uri: "/search/repositories?q=swift", method: .get)
      #expect(first.status == .ok)
      #expect(first.headers[.rateLimitLimit] == "2")
      #expect(first.headers[.rateLimitRemaining] == "1")
      #expect(first.headers[.rateLimitResource] == "search")
      _ = try await client.execute(uri: "/search/repositories?q=swift", method: .get)
      let refused = try await client.execute(uri: "/search/repositories?q=swift", method: .get)
      #expect(refused.status == .forbidden)
      #expect(refused.headers[.rateLimitRemaining] == "0")
      let reset = try #require(refused.headers[.rateLimitReset].flatMap { Int($0) })
      let now = Int(Date().timeIntervalSince1970)
      #expect(reset > now && reset <= now + 61)
      #expect((refused.json["message"] as? String)?.hasPrefix("API rate limit exceeded") == true)
    }
  }
}
