import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PropertyBased
import Testing
@testable import WebApp

/// The API under arbitrary input: every request gets an answer in the expected set, and every error is
/// GitHub's JSON with a `message`. A trap would end the test process.
///
/// **Bounds:** a few hundred cases per property, through the router in-process (`.router`), so the suite
/// takes seconds.
@Suite(.timeLimit(.minutes(2)))
struct APIFuzzTests {
  /// The body as a JSON object, or a recorded issue naming the input.
  static func jsonObject(_ response: TestResponse, input: String) -> [String: Any]? {
    let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
    #expect(object != nil, "not a JSON object: \(response.status) for \(input)")
    return object
  }

  static func expectGitHubError(_ response: TestResponse, input: String) {
    let message = jsonObject(response, input: input)?["message"] as? String
    #expect(message?.isEmpty == false, "no message: \(response.status) for \(input)")
    #expect(response.headers[.xContentTypeOptions] == "nosniff", "no security headers: \(input)")
  }

  // MARK: - GET /search/repositories

  /// A query string of `q`, `page`, `per_page` and unknown parameters, any of them missing, repeated or
  /// holding anything.
  static func searchQuery(using rng: inout FuzzInput.RNG) -> String {
    var parameters: [String] = []
    if Int.random(in: 0..<5, using: &rng) > 0 {
      let q = Bool.random(using: &rng) ? "swift" : FuzzInput.text(using: &rng, maxLength: 300)
      parameters.append("q=" + FuzzInput.percentEncoded(q))
    }
    for name in ["page", "per_page"] {
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        parameters.append(name + "=" + FuzzInput.percentEncoded(FuzzInput.number(using: &rng)))
      }
    }
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
      let name = FuzzInput.percentEncoded(FuzzInput.text(using: &rng, maxLength: 8))
      let value = Bool.random(using: &rng) ? FuzzInput.number(using: &rng) : FuzzInput.text(using: &rng)
      parameters.append(name + "=" + FuzzInput.percentEncoded(value))
    }
    // Broken escapes, left for the server to read as it can.
    if Int.random(in: 0..<8, using: &rng) == 0 {
      parameters.append(["page=%", "q=%zz", "per_page=%4", "%=1", "q=%C3%28"].randomElement(using: &rng)!)
    }
    return parameters.shuffled(using: &rng).joined(separator: "&")
  }

  @Test func anySearchQueryIsAnsweredOrRefusedAsGitHubDoes() async throws {
    let app = try await TestApp.withRepositories((1...40).map { "owner\($0)/swift-tool-\($0)" })
    try await app.application().test(.router) { client in
      await propertyCheck(count: 400, input: FuzzInput.generator { rng in Self.searchQuery(using: &rng) }) { query in
        let response = try await client.execute(uri: "/search/repositories?" + query, method: .get)
        let expected: [HTTPResponse.Status] = [.ok, .unprocessableContent]
        #expect(expected.contains(response.status), "\(response.status) for \(query)")
        if response.status == .ok {
          #expect(Self.jsonObject(response, input: query)?["items"] is [Any])
        } else {
          Self.expectGitHubError(response, input: query)
        }
      }
    }
  }

  // MARK: - GET /users/{username}

  static func userPath(using rng: inout FuzzInput.RNG) -> String {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      return ["%", "%zz", "%6", "%FF", "%C3%28", "%00", "%6Belvin", "%2F", "%25", "a%"].randomElement(using: &rng)!
    default: return FuzzInput.percentEncoded(FuzzInput.text(using: &rng, maxLength: 60))
    }
  }

  @Test func anyUsernameInThePathIsFoundOrRefused() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      await propertyCheck(count: 300, input: FuzzInput.generator { rng in Self.userPath(using: &rng) }) { segment in
        guard !segment.isEmpty else { return }
        let response = try await client.execute(uri: "/users/" + segment, method: .get)
        let expected: [HTTPResponse.Status] = [.notFound, .badRequest]
        #expect(expected.contains(response.status), "\(response.status) for \(segment)")
        Self.expectGitHubError(response, input: segment)
      }
    }
  }

  // MARK: - GET /repos/{owner}/{repo} and GET /rate_limit

  /// Any owner and name, one of them sometimes a repository of the index: found (200, GitHub's shape),
  /// missing (404) or refused for its escapes (400), always GitHub's JSON.
  @Test func anyRepositoryPathIsFoundOrRefused() async throws {
    let app = try await TestApp.withRepositories((1...10).map { "owner\($0)/swift-tool-\($0)" })
    try await app.application().test(.router) { client in
      await propertyCheck(
        count: 300,
        input: FuzzInput.generator { rng in
          let owner = Int.random(in: 0..<3, using: &rng) == 0 ? "owner3" : Self.userPath(using: &rng)
          let name = Int.random(in: 0..<3, using: &rng) == 0 ? "swift-tool-3" : Self.userPath(using: &rng)
          return owner.isEmpty || name.isEmpty ? "" : "/repos/\(owner)/\(name)"
        }
      ) { path in
        guard !path.isEmpty else { return }
        let response = try await client.execute(uri: path, method: .get)
        let expected: [HTTPResponse.Status] = [.ok, .notFound, .badRequest]
        #expect(expected.contains(response.status), "\(response.status) for \(path)")
        if response.status == .ok {
          #expect(Self.jsonObject(response, input: path)?["full_name"] as? String == "owner3/swift-tool-3")
        } else {
          Self.expectGitHubError(response, input: path)
        }
      }
    }
  }

  /// `/rate_limit` with any query string and method spends nothing and answers the same budgets.
  @Test func anyRateLimitRequestAnswersTheBudgetsAndSpendsNothing() async throws {
    var configuration = try TestApp().configuration
    configuration.rateLimits = .standard
    let app = try TestApp(configuration: configuration)
    try await app.application().test(.router) { client in
      await propertyCheck(count: 200, input: FuzzInput.generator { rng in Self.searchQuery(using: &rng) }) { query in
        let response = try await client.execute(uri: "/rate_limit?" + query, method: .get)
        #expect(response.status == .ok, "\(response.status) for \(query)")
        let resources = Self.jsonObject(response, input: query)?["resources"] as? [String: Any]
        let core = resources?["core"] as? [String: Any]
        #expect(core?["used"] as? Int == 0, "spent for \(query)")
      }
      for method in [HTTPRequest.Method.post, .put, .delete, .patch] {
        let response = try await client.execute(uri: "/rate_limit", method: method)
        #expect(response.status == .notFound, "\(response.status) for \(method)")
        Self.expectGitHubError(response, input: "\(method) /rate_limit")
      }
    }
  }

  // MARK: - GET /{login} and the pages' error pages

  /// A top-level path is an account page, one of the server's own pages, or an error page: never a 5xx,
  /// and always a body with a content type (HTML for pages, JSON for the API's and the probes' paths).
  @Test func anyTopLevelPathIsAPageOrAnErrorPage() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      await propertyCheck(count: 200, input: FuzzInput.generator { rng in Self.userPath(using: &rng) }) { segment in
        guard !segment.isEmpty else { return }
        let response = try await client.execute(uri: "/" + segment, method: .get)
        #expect(response.status.code < 500, "\(response.status) for /\(segment)")
        #expect(response.headers[.contentType] != nil, "no content type for /\(segment)")
        #expect(response.body.readableBytes > 0, "an empty answer for /\(segment)")
      }
    }
  }

  // MARK: - POST /users

  struct SignupRequest: Sendable, CustomStringConvertible {
    var contentType: String?
    var body: [UInt8]
    var description: String {
      "\(contentType ?? "no Content-Type"): \(String(decoding: body.prefix(200), as: UTF8.self))"
    }
  }

  static let jsonContentTypes = [
    "application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8",
  ]
  static let otherContentTypes = [
    "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "",
    "application/json; charset=latin1", "application/jsonx", "text/json",
  ]

  static func signupRequest(using rng: inout FuzzInput.RNG) -> SignupRequest {
    let contentType: String? =
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: nil
      case 1: otherContentTypes.randomElement(using: &rng)!
      default: jsonContentTypes.randomElement(using: &rng)!
      }
    let body: [UInt8] =
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: FuzzInput.bytes(using: &rng)
      case 1: Array(FuzzInput.text(using: &rng, maxLength: 100).utf8)
      default: Array(FuzzInput.json(using: &rng, keys: ["username", "password"]).utf8)
      }
    return SignupRequest(contentType: contentType, body: body)
  }

  @Test func anySignupBodyIsAnsweredOrRefusedAsGitHubDoes() async throws {
    let app = try TestApp()
    try await app.application().test(.router) { client in
      await propertyCheck(count: 400, input: FuzzInput.generator { rng in Self.signupRequest(using: &rng) }) {
        request in
        var headers = HTTPFields()
        if let contentType = request.contentType { headers[.contentType] = contentType }
        let response = try await client.execute(
          uri: "/users", method: .post, headers: headers, body: ByteBuffer(bytes: request.body))
        let input = request.description
        let expected: [HTTPResponse.Status] = [
          .created, .badRequest, .conflict, .unsupportedMediaType, .unprocessableContent,
        ]
        #expect(expected.contains(response.status), "\(response.status) for \(input)")
        if request.contentType == nil || Self.otherContentTypes.contains(request.contentType!) {
          #expect(response.status == .unsupportedMediaType, "\(input)")
        }
        if response.status == .created {
          #expect(Self.jsonObject(response, input: input)?["login"] is String)
        } else {
          Self.expectGitHubError(response, input: input)
        }
      }
    }
  }
}
