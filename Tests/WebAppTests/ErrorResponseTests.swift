import Foundation
import GitHubClient
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import Testing
@testable import WebApp

/// Answers to requests that go wrong: security headers on every error, no `Host` in the URLs the server
/// writes, path parameters decoded, repeated JSON keys and unknown engines refused before anything happens.
@Suite(.timeLimit(.minutes(1)))
struct ErrorResponseTests {
  @Test(arguments: [
    ("/nowhere", HTTPResponse.Status.notFound), ("/users/nobody", .notFound),
    ("/search/repositories", .unprocessableContent), ("/assets/missing.js", .notFound),
    ("/signup?engine=bogus", .badRequest),
  ])
  func errorsCarryTheSecurityHeaders(_ uri: String, _ status: HTTPResponse.Status) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == status)
      #expect(response.headers[.xContentTypeOptions] == "nosniff")
      #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
    }
  }

  @Test func aBadBodyCarriesTheSecurityHeaders() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: "not json"))
      #expect(response.status == .badRequest)
      #expect(response.headers[.xContentTypeOptions] == "nosniff")
    }
  }

  // MARK: - Public base URL

  /// The router's test client always sends `Host: localhost`, which the server used to write into the URLs.
  @Test func urlsStartWithThePublicBaseURLNotTheHost() async throws {
    var configuration = TestApp.defaultConfiguration
    configuration.publicBaseURL = "https://octoreact.example/"
    let app = try await TestApp.withRepositories(
      (1...5).map { "owner\($0)/swift-\($0)" }, configuration: configuration)
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift&per_page=2", method: .get)
      let body = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(response.body.readableBytesView))
      #expect(body.items.allSatisfy { $0.htmlURL.hasPrefix("https://octoreact.example/repositories/") })
      let links = PaginationLinks(linkHeader: response.headers[.link])
      #expect(links.next?.hasPrefix("https://octoreact.example/search/repositories?") == true)
      #expect(response.headers[.link]?.contains("localhost") == false)
    }
  }

  @Test func withoutAPublicURLTheBoundAddressIsUsed() async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: "/search/repositories?q=swift", method: .get)
      let body = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(response.body.readableBytesView))
      #expect(body.items.first?.htmlURL == "http://127.0.0.1:0/repositories/apple/swift")
    }
  }

  // MARK: - Path parameters

  @Test func pathParametersArePercentDecoded() async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.router) { client in
      let signup = ByteBuffer(string: #"{"username":"kelvin","password":"secret1"}"#)
      _ = try await client.execute(uri: "/users", method: .post, headers: .json, body: signup)
      let user = try await client.execute(uri: "/users/%6Belvin", method: .get)
      #expect(user.status == .ok)
      #expect(user.json["login"] as? String == "kelvin")
      let page = try await client.execute(uri: "/repositories/%61pple/sw%69ft", method: .get)
      #expect(page.status == .ok)
    }
  }

  @Test(arguments: ["/users/%zz", "/users/kel%", "/users/%6", "/users/%C3%28"])
  func anInvalidEscapeIs400(_ uri: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .badRequest)
      #expect(response.json["message"] as? String == "Invalid percent-encoding in the path")
    }
  }

  /// A page says it in HTML (``ErrorPageTests``).
  @Test(arguments: ["/repositories/apple/%FF", "/%zz"])
  func anInvalidEscapeInAPagesPathIs400(_ uri: String) async throws {
    try await TestApp().application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .badRequest)
      #expect(response.headers[.contentType] == "text/html; charset=utf-8")
    }
  }

  // MARK: - Repeated JSON keys

  @Test(arguments: [
    (#"{"username":"alice","password":"secret1","username":"mallory"}"#, "username"),
    (#"{"username":"alice","password":"secret1","pass\u0077ord":"other12"}"#, "password"),
    (#"{"username":"alice","password":"secret1","extra":{"a":1,"a":2}}"#, "a"),
  ])
  func aSignupWithARepeatedKeyIs400NamingIt(_ body: String, _ key: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: body))
      #expect(response.status == .badRequest)
      #expect(response.json["message"] as? String == "Problems parsing JSON: the key \"\(key)\" appears more than once")
      #expect(try await client.execute(uri: "/users/alice", method: .get).status == .notFound)
    }
  }

  @Test func aLiveMessageWithARepeatedKeyIsRefused() async throws {
    try await withLivePage("/live/signup", of: try TestApp(), receiving: LiveMessage.self) { send, inbox in
      try await send(#"{"type":"usernameChanged","value":"alice","value":"mallory"}"#)
      let error = await inbox.first { $0.isError }
      #expect(error?.message == "The key \"value\" appears more than once: send it once")
    }
  }

  // MARK: - Upgrades

  /// Before, `/live/search?engine=bogus` was upgraded (101) and then closed with 1011.
  @Test(arguments: ["/live/search?engine=bogus", "/live/signup?engine=bogus"])
  func anUnknownEngineIs400BeforeTheUpgrade(_ uri: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: uri, method: .get, headers: CrossSiteTests.upgradeHeaders(origin: nil))
      #expect(response.status == .badRequest)
      #expect(response.headers[.xContentTypeOptions] == "nosniff")
    }
  }

  @Test func aRealClientIsNotUpgradedForAnUnknownEngine() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      _ = await #expect(throws: (any Error).self) {
        try await client.ws("/live/search?engine=bogus") { _, _, _ in }
      }
    }
  }
}
