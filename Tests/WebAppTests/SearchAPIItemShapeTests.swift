import Foundation
import GitHubClient
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// The items of `GET /search/repositories` in GitHub's full shape, with positive, stable ids and
/// unknown figures left unknown; and the last page ending at the 1,000th result.
@Suite(.timeLimit(.minutes(1)))
struct SearchAPIItemShapeTests {
  @Test func anItemImportedFromGitHubHasGitHubsFullShape() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.publicBaseURL = "https://octoreact.example"
    let app = try TestApp(configuration: configuration)
    let object = """
      {"id": 28457823, "full_name": "apple/swift-nio", "description": "Event-driven network framework",
       "owner": {"login": "apple", "id": 10639145, "type": "Organization"}, "stargazers_count": 8000,
       "forks_count": 650, "language": "Swift", "topics": ["networking"], "fork": false, "archived": false,
       "created_at": "2017-09-27T08:00:00Z", "updated_at": "2025-01-02T03:04:05Z", "pushed_at": "2025-01-01T00:00:00Z"}
      """
    // One object per line: JSON Lines.
    _ = try await app.index.importRepositories(from: Data(object.replacing("\n", with: " ").utf8))
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift-nio", method: .get)
      let item = try #require((response.json["items"] as? [[String: Any]])?.first)
      #expect(item["id"] as? Int == 28_457_823)
      #expect(item["node_id"] as? String == Data("010:Repository28457823".utf8).base64EncodedString())
      #expect(item["url"] as? String == "https://octoreact.example/repos/apple/swift-nio")
      #expect(item["html_url"] as? String == "https://octoreact.example/repositories/apple/swift-nio")
      #expect(item["watchers_count"] as? Int == 8_000)
      #expect(item["forks"] as? Int == 650)
      #expect(item["score"] as? Double == 1)
      #expect(item["stargazers_count"] as? Int == 8_000)
      #expect(item["forks_count"] as? Int == 650)
      #expect(item["language"] as? String == "Swift")
      #expect(item["topics"] as? [String] == ["networking"])
      #expect(item["fork"] as? Bool == false)
      #expect(item["archived"] as? Bool == false)
      #expect(item["created_at"] as? String == "2017-09-27T08:00:00Z")
      #expect(item["updated_at"] as? String == "2025-01-02T03:04:05Z")
      #expect(item["pushed_at"] as? String == "2025-01-01T00:00:00Z")
      let owner = try #require(item["owner"] as? [String: Any])
      #expect(owner["login"] as? String == "apple")
      #expect(owner["id"] as? Int == 10_639_145)
      #expect(owner["type"] as? String == "Organization")
      #expect(owner["avatar_url"] as? String == "https://avatars.githubusercontent.com/u/10639145?v=4")
      #expect(owner["url"] as? String == "https://octoreact.example/users/apple")
      #expect(owner["node_id"] as? String == Data("012:Organization10639145".utf8).base64EncodedString())
      // What the index does not know is null, never left out and never made up.
      for key in ["default_branch", "license", "open_issues_count", "size", "visibility", "private", "clone_url"] {
        #expect(item.keys.contains(key), "\(key) is left out")
        #expect(item[key] is NSNull, "\(key) is made up")
      }
    }
  }

  @Test func aRepositoryKnownOnlyByNameHasAPositiveStableIdAndUnknownStars() async throws {
    let app = try await TestApp.withRepositories(["apple/swift-nio", "vapor/vapor"])
    try await app.application().test(.router) { client in
      let first = try await client.execute(uri: "/search/repositories?q=vapor", method: .get)
      let item = try #require((first.json["items"] as? [[String: Any]])?.first)
      let id = try #require(item["id"] as? Int)
      #expect(id > 0)
      #expect(Int64(id) > GitHubRepository.localIDBase)
      #expect(item.keys.contains("stargazers_count"))
      #expect(item["stargazers_count"] is NSNull, "unknown, not 0")
      for key in ["forks_count", "watchers_count", "language", "created_at", "fork", "archived"] {
        #expect(item[key] is NSNull, "\(key) is unknown")
      }
      // An array in GitHub's schema, which clients refuse as null: left out when unknown.
      #expect(item["topics"] == nil)
      #expect((item["owner"] as? [String: Any])?["id"] is NSNull)
      #expect((item["owner"] as? [String: Any])?["avatar_url"] as? String == "https://github.com/vapor.png")
      // The same row has the same id on every answer.
      let again = try await client.execute(uri: "/search/repositories?q=vapor%2Fvapor", method: .get)
      #expect((again.json["items"] as? [[String: Any]])?.first?["id"] as? Int == id)
    }
  }

  @Test func theLastPageEndsAtTheThousandthResult() async throws {
    let app = try await TestApp.withRepositories((1...1_050).map { "owner\($0 % 50)/swift-\($0)" })
    try await app.application().test(.router) { client in
      let last = try await client.execute(uri: "/search/repositories?q=swift&page=34&per_page=30", method: .get)
      #expect(last.status == .ok)
      #expect(last.json["total_count"] as? Int == 1_050)
      #expect((last.json["items"] as? [Any])?.count == 10)  // results 991…1,000, as GitHub serves them
      #expect(last.headers[.link]?.contains(#"rel="next""#) == false)
    }
  }
}
