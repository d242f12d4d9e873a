import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// `GET /users/{username}` and `POST /users`: every status, in GitHub's shapes.
@Suite(.timeLimit(.minutes(1)))
struct UsersAPITests {
  func signupBody(_ username: String, _ password: String) -> ByteBuffer {
    ByteBuffer(string: #"{"username": "\#(username)", "password": "\#(password)"}"#)
  }

  @Test func unknownUserIs404NotFound() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/users/nobody", method: .get)
      #expect(response.status == .notFound)
      #expect(response.json["message"] as? String == "Not Found")
    }
  }

  @Test func signupCreatesAUserThatCanBeFetched() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let created = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody("octocat", "secret1"))
      #expect(created.status == .created)
      #expect(created.json["login"] as? String == "octocat")
      #expect(created.json["id"] is Int)
      #expect(created.headers[.location] == "/users/octocat")
      let fetched = try await client.execute(uri: "/users/OctoCat", method: .get)
      #expect(fetched.status == .ok)
      #expect(fetched.json["login"] as? String == "octocat")
      let createdAt = try #require(fetched.json["created_at"] as? String)
      #expect(createdAt.hasSuffix("Z") && createdAt.contains("T"))
      #expect(fetched.json["password"] == nil && fetched.json["password_hash"] == nil)
    }
  }

  /// GitHub's user shape, in its field order: `url` is the API's, `html_url` the account page, both absolute
  /// under the configured public base URL, whether created or fetched; the page is served.
  @Test func anAccountLinksToItsAPIURLAndItsPageUnderThePublicBaseURL() async throws {
    var configuration = AppConfiguration.testDefault
    configuration.publicBaseURL = "https://octoreact.example/"
    let app = try TestApp(configuration: configuration)
    try await app.application().test(.router) { client in
      let created = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody("octocat", "secret1"))
      let fetched = try await client.execute(uri: "/users/OctoCat", method: .get)
      for response in [created, fetched] {
        #expect(response.json["url"] as? String == "https://octoreact.example/users/octocat")
        #expect(response.json["html_url"] as? String == "https://octoreact.example/octocat")
        let keys = ["login", "id", "url", "html_url", "type", "created_at"]
        let positions = keys.compactMap { response.text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(Set(response.json.keys) == Set(keys) && positions == positions.sorted())
      }
      let page = try await client.execute(uri: "/octocat", method: .get)
      #expect(page.status == .ok)
    }
  }

  @Test(arguments: ["signup", "Search", "USERS", "api", "Login", "healthz", "about"])
  func aReservedNameInAnyLetterCaseIs422Invalid(_ name: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody(name, "secret1"))
      #expect(response.status == .unprocessableContent)
      let errors = try #require(response.json["errors"] as? [[String: Any]])
      #expect(errors.count == 1)
      #expect(errors.first?["field"] as? String == "username" && errors.first?["code"] as? String == "invalid")
      #expect(errors.first?["message"] as? String == "Username is reserved")
      #expect(try await app.accounts.account(named: name) == nil)
    }
  }

  @Test func takenNameInAnyLetterCaseIs409() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      _ = try await client.execute(uri: "/users", method: .post, headers: .json, body: signupBody("octocat", "secret1"))
      let again = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody("OCTOCAT", "secret2"))
      #expect(again.status == .conflict)
      #expect(again.json["message"] as? String == "Username already taken")
    }
  }

  @Test func invalidInputIs422WithGitHubStyleErrors() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody("-bad-", "abc"))
      #expect(response.status == .unprocessableContent)
      #expect(response.json["message"] as? String == "Validation Failed")
      let errors = try #require(response.json["errors"] as? [[String: Any]])
      let fields = Set(errors.compactMap { $0["field"] as? String })
      #expect(fields == ["username", "password"])
      #expect(errors.allSatisfy { $0["resource"] as? String == "User" && $0["code"] as? String == "invalid" })
      #expect(!response.text.contains("abc"))
    }
  }

  @Test func missingFieldsAre422MissingField() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: "{}"))
      #expect(response.status == .unprocessableContent)
      let errors = try #require(response.json["errors"] as? [[String: Any]])
      #expect(errors.allSatisfy { $0["code"] as? String == "missing_field" })
    }
  }

  @Test(arguments: ["not json", "[1, 2]", #"{"username": 12}"#, ""])
  func malformedJSONIs400(_ body: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: body))
      #expect(response.status == .badRequest)
      #expect(response.json["message"] as? String == "Problems parsing JSON")
    }
  }

  @Test func bodyOverTheLimitIs400() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let huge = String(repeating: "a", count: 20_000)
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: signupBody(huge, "secret1"))
      #expect(response.status == .badRequest)
      #expect((response.json["message"] as? String)?.contains("larger than") == true)
    }
  }

  @Test func concurrentSignupsOfOneNameCreateExactlyOneAccount() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for name in ["racer", "RACER", "Racer", "rAcEr", "racer", "RaceR"] {
          group.addTask {
            try await client.execute(
              uri: "/users", method: .post, headers: .json, body: signupBody(name, "secret1")).status
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses.filter { $0 == .created }.count == 1)
      #expect(statuses.filter { $0 == .conflict }.count == 5)
    }
  }

  @Test func accountsSurviveARestart() async throws {
    let database = TemporaryDatabase()
    defer { database.cleanUp() }
    do {
      let accounts = try AccountStore(path: database.path, passwordHasher: .bcrypt(cost: 4))
      let app = buildApplication(
        AppConfiguration(port: 0), accounts: accounts, index: try RepositoryIndex.inMemory(), httpClient: .shared,
        logger: TestApp.quietLogger)
      try await app.test(.router) { client in
        let created = try await client.execute(
          uri: "/users", method: .post, headers: .json, body: signupBody("survivor", "secret1"))
        #expect(created.status == .created)
      }
      try accounts.close()
    }
    let reopened = try AccountStore(path: database.path, passwordHasher: .bcrypt(cost: 4))
    defer { try? reopened.close() }
    let app = buildApplication(
      AppConfiguration(port: 0), accounts: reopened, index: try RepositoryIndex.inMemory(), httpClient: .shared,
      logger: TestApp.quietLogger)
    try await app.test(.router) { client in
      let fetched = try await client.execute(uri: "/users/SURVIVOR", method: .get)
      #expect(fetched.status == .ok)
      #expect(fetched.json["login"] as? String == "survivor")
    }
  }
}
