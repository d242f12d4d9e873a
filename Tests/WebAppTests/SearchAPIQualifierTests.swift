import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// `GET /search/repositories` with GitHub's qualifiers, `sort` and `order`: results, links and 422s.
@Suite(.timeLimit(.minutes(1)))
struct SearchAPIQualifierTests {
  /// Swift repositories with 10…1,020 stars, a C one and a fork, as a GitHub JSON import brings them.
  static func app() async throws -> TestApp {
    let app = try TestApp()
    var lines = (1...102).map { n in
      #"{"id":\#(n),"full_name":"swift-owner/swift-\#(n)","description":"swift tool \#(n)","stargazers_count":\#(n * 10),"#
        + #""language":"Swift","forks_count":\#(n),"fork":false,"updated_at":"2024-01-01T00:00:\#(String(format: "%02d", n % 60))Z"}"#
    }
    lines.append(#"{"id":500,"full_name":"c-owner/swift-in-c","stargazers_count":5000,"language":"C","fork":false}"#)
    lines.append(#"{"id":501,"full_name":"forker/swift-1","stargazers_count":9000,"language":"Swift","fork":true}"#)
    _ = try await app.index.importRepositories(from: Data(lines.joined(separator: "\n").utf8))
    return app
  }

  @Test func theHelpsExampleFindsSwiftRepositoriesWithOverAHundredStars() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/search/repositories?q=swift%20language%3Aswift%20stars%3A%3E100&per_page=100", method: .get)
      #expect(response.status == .ok)
      #expect(response.json["total_count"] as? Int == 92)  // stars 110…1,020; not the fork, not the C one
      let items = response.json["items"] as? [[String: Any]] ?? []
      #expect(items.count == 92)
      #expect(items.allSatisfy { ($0["stargazers_count"] as? Int ?? 0) > 100 && $0["language"] as? String == "Swift" })
    }
  }

  @Test func sortAndOrderAreAppliedAndKeptInTheLinks() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/search/repositories?q=language%3Aswift&sort=stars&order=asc&per_page=5", method: .get)
      #expect(response.status == .ok)
      let stars = (response.json["items"] as? [[String: Any]] ?? []).compactMap { $0["stargazers_count"] as? Int }
      #expect(stars == [10, 20, 30, 40, 50])
      let link = try #require(response.headers[.link])
      #expect(link.contains("sort=stars&order=asc&page=2&per_page=5"))

      let byForks = try await client.execute(uri: "/search/repositories?q=swift&sort=forks&per_page=2", method: .get)
      #expect((byForks.json["items"] as? [[String: Any]])?.compactMap { $0["forks_count"] as? Int } == [102, 101])
    }
  }

  @Test(arguments: [
    ("q=swift%20size%3A%3E10", "q", "The qualifier “size:” is not supported."),
    ("q=swift%3Atool", "q", "The qualifier “swift:” is not supported."),
    ("q=stars%3Alots", "q", "“stars:lots” is not valid: stars: takes a number or a range"),
    ("q=stars%3A%3E99999999999", "q", "“stars:>99999999999” is not valid: numbers must be between 0 and 1,000,000,000."),
    ("q=fork%3Ayes", "q", "“fork:yes” is not valid: fork: takes true or only."),
    ("q=swift&sort=size", "sort", "sort “size” is not supported"),
    ("q=swift&sort=stars&order=up", "order", "order “up” is not supported"),
  ])
  func anUnsupportedQualifierOrBadValueIsAClear422(parameters: String, field: String, message: String) async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?\(parameters)", method: .get)
      #expect(response.status == .unprocessableContent)
      #expect(response.json["message"] as? String == "Validation Failed")
      let error = try #require((response.json["errors"] as? [[String: Any]])?.first)
      #expect(error["field"] as? String == field)
      #expect(error["code"] as? String == "invalid")
      #expect((error["message"] as? String)?.hasPrefix(message) == true, "\(String(describing: error["message"]))")
    }
  }
}
