import AccountStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// `GET /repos/{owner}/{repo}` and the index's owners at `GET /users/{login}`: GitHub's shapes, and
/// every URL the API writes on this server and served by it.
@Suite(.timeLimit(.minutes(1)))
struct RepositoryAPITests {
  static let base = "https://octoreact.example"

  static let rxSwift = """
    {"id": 33569135, "full_name": "ReactiveX/RxSwift", "description": "Reactive Programming in Swift", \
    "owner": {"login": "ReactiveX", "id": 6407041, "type": "Organization"}, "stargazers_count": 24300, \
    "forks_count": 4200, "language": "Swift", "topics": ["reactive"], "fork": false, "archived": false, \
    "created_at": "2015-04-07T21:25:17Z", "updated_at": "2025-05-01T10:00:00Z", "pushed_at": "2025-04-30T09:00:00Z"}
    """

  static func app() async throws -> TestApp {
    var configuration = AppConfiguration.testDefault
    configuration.publicBaseURL = base
    let app = try TestApp(configuration: configuration)
    _ = try await app.index.importRepositories(from: Data(rxSwift.utf8))
    _ = try await app.index.importRepositories(from: Data("acme/name-only\n".utf8))
    return app
  }

  @Test func aRepositoryIsServedInGitHubsShapeWhateverTheLetterCase() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/repos/reactivex/RXSWIFT", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      let body = response.json
      #expect(body["full_name"] as? String == "ReactiveX/RxSwift")
      #expect(body["id"] as? Int == 33_569_135)
      #expect(body["stargazers_count"] as? Int == 24_300)
      #expect(body["url"] as? String == "\(Self.base)/repos/ReactiveX/RxSwift")
      #expect(body["html_url"] as? String == "\(Self.base)/repositories/ReactiveX/RxSwift")
      #expect((body["organization"] as? [String: Any])?["login"] as? String == "ReactiveX")
      #expect(body.keys.contains("subscribers_count") && body["subscribers_count"] is NSNull)
      #expect(body["score"] == nil, "a search item's field only")
      // The same fields as a search item, besides the score.
      let search = try await client.execute(uri: "/search/repositories?q=RxSwift", method: .get)
      let item = try #require((search.json["items"] as? [[String: Any]])?.first)
      #expect(Set(item.keys).subtracting(["score"]).isSubset(of: Set(body.keys)))
    }
  }

  @Test func aNameOnlyRepositoryKnowsItsNameAndNothingElse() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let body = try await client.execute(uri: "/repos/acme/name-only", method: .get).json
      #expect(body["full_name"] as? String == "acme/name-only")
      #expect((body["id"] as? Int).map { $0 > 0 } == true)
      for key in ["stargazers_count", "watchers_count", "forks_count", "language", "description", "created_at"] {
        #expect(body.keys.contains(key) && body[key] is NSNull, "\(key)")
      }
      #expect(body["organization"] == nil, "the owner's type is unknown")
    }
  }

  @Test func aMissingRepositoryIsGitHubs404() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/repos/nobody/nothing", method: .get)
      #expect(response.status == .notFound)
      #expect(response.json["message"] as? String == "Not Found")
      #expect(response.json["documentation_url"] as? String == RepositoriesController.documentationURL)
      let head = try await client.execute(uri: "/repos/nobody/nothing", method: .head)
      #expect(head.status == .notFound)
      #expect(head.body.readableBytes == 0)
    }
  }

  @Test func everyURLTheAPIWritesIsThisServersAndServed() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      var pending = ["\(Self.base)/search/repositories?q=RxSwift", "\(Self.base)/search/repositories?q=name-only"]
      var visited: Set<String> = []
      while let url = pending.popLast() {
        guard visited.insert(url).inserted else { continue }
        #expect(url.hasPrefix(Self.base + "/"), "\(url)")
        let response = try await client.execute(uri: String(url.dropFirst(Self.base.count)), method: .get)
        #expect(response.status == .ok, "\(url)")
        guard response.headers[.contentType]?.hasPrefix("application/json") == true else { continue }
        let body = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
        pending += Self.urls(in: body).filter { !visited.contains($0) }
      }
      // The searches, both repositories (API and page), both owners and the page of each.
      #expect(visited.count == 2 + 4 + 2)
    }
  }

  @Test func anOwnerOfTheIndexIsAUserAndAnAccountComesFirst() async throws {
    let app = try await Self.app()
    try await app.application().test(.router) { client in
      let owner = try await client.execute(uri: "/users/reactivex", method: .get)
      #expect(owner.status == .ok)
      #expect(owner.json["login"] as? String == "ReactiveX")
      #expect(owner.json["id"] as? Int == 6_407_041)
      #expect(owner.json["type"] as? String == "Organization")
      #expect(owner.json["url"] as? String == "\(Self.base)/users/ReactiveX")
      #expect(owner.json.keys.contains("created_at") && owner.json["created_at"] is NSNull)
      let nameOnly = try await client.execute(uri: "/users/acme", method: .get).json
      #expect(nameOnly["id"] is NSNull && nameOnly["type"] is NSNull)
      #expect(try await client.execute(uri: "/users/nobody-here", method: .get).status == .notFound)

      _ = try await app.accounts.createAccount(username: "acme", password: "secret12")
      let account = try await client.execute(uri: "/users/acme", method: .get).json
      #expect(account["type"] as? String == "User")
      #expect(account["created_at"] is String)
    }
  }

  /// The URLs of a JSON value, except pictures (`avatar_url`, on GitHub's image host).
  static func urls(in value: Any, key: String = "") -> [String] {
    switch value {
    case let object as [String: Any]:
      return object.flatMap { urls(in: $0.value, key: $0.key) }
    case let array as [Any]:
      return array.flatMap { urls(in: $0) }
    case let text as String where key.hasSuffix("url") && key != "avatar_url":
      return [text]
    default:
      return []
    }
  }
}
