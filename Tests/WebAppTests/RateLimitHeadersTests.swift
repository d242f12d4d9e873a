import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// With rate limits on, every answer of the API carries GitHub's `x-ratelimit-*` headers: successes,
/// 422s, 404s, and paths or methods the API does not have.
@Suite(.timeLimit(.minutes(1)))
struct RateLimitHeadersTests {
  static func app() throws -> TestApp {
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = .standard
    return try TestApp(configuration: configuration)
  }

  @Test(arguments: [
    ("/search/repositories?q=swift", HTTPRequest.Method.get, HTTPResponse.Status.ok, "search"),
    ("/search/repositories?q=swift%20size%3A1", .get, .unprocessableContent, "search"),
    ("/search/repositories", .get, .unprocessableContent, "search"),
    ("/search/repositories?q=swift&page=99", .get, .unprocessableContent, "search"),
    ("/search/code?q=swift", .get, .notFound, "core"),
    ("/search/repositories/extra", .get, .notFound, "core"),
    ("/search/repositories?q=swift", .post, .notFound, "core"),
    ("/users/nobody-here", .get, .notFound, "core"),
    ("/users/nobody/repos", .get, .notFound, "core"),
    ("/repos/apple/swift", .get, .notFound, "core"),
    ("/repos/apple/swift/branches", .get, .notFound, "core"),
    ("/repos/apple/swift", .delete, .notFound, "core"),
    ("/rate_limit", .get, .ok, "core"),
    ("/rate_limit", .post, .notFound, "core"),
  ])
  func everyAPIAnswerCarriesTheHeaders(
    uri: String, method: HTTPRequest.Method, status: HTTPResponse.Status, resource: String
  ) async throws {
    let app = try Self.app()
    try await app.application().test(.router) { client in
      let response = try await client.execute(uri: uri, method: method)
      #expect(response.status == status)
      #expect(response.headers[.rateLimitResource] == resource, "\(uri)")
      #expect(response.headers[.rateLimitLimit] != nil)
      #expect(response.headers[.rateLimitRemaining] != nil)
      #expect(response.headers[.rateLimitReset] != nil)
      #expect(response.headers[.rateLimitUsed] != nil)
      if status == .notFound {
        #expect(response.headers[.contentType]?.hasPrefix("application/json") == true, "\(uri)")
        #expect(response.json["message"] as? String == "Not Found")
      }
    }
  }
}
