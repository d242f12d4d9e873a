import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import Testing
@testable import WebApp

/// Another site's page cannot use a visitor's browser against this server: live sockets check `Origin`,
/// and `POST /users` takes only JSON (which a page elsewhere cannot send without a preflight).
@Suite(.timeLimit(.minutes(1)))
struct CrossSiteTests {
  static func upgradeHeaders(origin: String?) -> HTTPFields {
    var headers: HTTPFields = [
      .upgrade: "websocket", .connection: "Upgrade", .secWebSocketVersion: "13",
      .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
    ]
    if let origin { headers[.origin] = origin }
    return headers
  }

  @Test(arguments: ["/live/signup", "/live/search"])
  func aForeignOriginIsRefusedBeforeTheUpgrade(_ path: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: path, method: .get, headers: Self.upgradeHeaders(origin: "https://evil.example"))
      #expect(response.status == .forbidden)
      #expect((response.json["message"] as? String)?.contains("Cross-site") == true)
      #expect(response.headers[.xContentTypeOptions] == "nosniff")
    }
  }

  @Test(arguments: [nil, "https://octoreact.example"])
  func noOriginOrTheConfiguredOneMayUpgrade(_ origin: String?) async throws {
    var configuration = TestApp.defaultConfiguration
    configuration.publicBaseURL = "https://octoreact.example"
    let app = try TestApp(configuration: configuration)
    try await app.application().test(.router) { client in
      // Through the router alone, an accepted upgrade is a 200 that the server would turn into a 101.
      let response = try await client.execute(
        uri: "/live/signup", method: .get, headers: Self.upgradeHeaders(origin: origin))
      #expect(response.status == .ok)
    }
  }

  @Test func aRealBrowserOriginMustBeThisServersOwn() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let port = try #require(client.port)
      var foreign = WebSocketClientConfiguration()
      foreign.additionalHeaders = [.origin: "http://localhost:\(port + 1)"]
      await #expect(throws: (any Error).self) {
        try await client.ws("/live/signup", configuration: foreign) { _, _, _ in }
      }
      var own = WebSocketClientConfiguration()
      own.additionalHeaders = [.origin: "http://localhost:\(port)"]
      let inbox = LiveInbox<LiveMessage>()
      try await client.ws("/live/signup", configuration: own) { inbound, _, _ in
        for try await message in inbound.messages(maxSize: 1 << 20) {
          if case .text(let text) = message { inbox.append(text) }
          break
        }
      }
      #expect(inbox.received.first?.isState == true)
    }
  }

  @Test(arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"])
  func aSignupThatIsNotJSONIs415(_ contentType: String?) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      var headers = HTTPFields()
      if let contentType { headers[.contentType] = contentType }
      let response = try await client.execute(
        uri: "/users", method: .post, headers: headers,
        body: ByteBuffer(string: #"{"username": "mallory", "password": "secret1"}"#))
      #expect(response.status == .unsupportedMediaType)
      #expect((response.json["message"] as? String)?.contains("application/json") == true)
      let lookup = try await client.execute(uri: "/users/mallory", method: .get)
      #expect(lookup.status == .notFound)
    }
  }

  @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON ; Charset=\"UTF-8\""])
  func aJSONSignupWithAnOptionalCharsetIsTaken(_ contentType: String) async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      let response = try await client.execute(
        uri: "/users", method: .post, headers: [.contentType: contentType],
        body: ByteBuffer(string: #"{"username": "alice", "password": "secret1"}"#))
      #expect(response.status == .created)
    }
  }
}
