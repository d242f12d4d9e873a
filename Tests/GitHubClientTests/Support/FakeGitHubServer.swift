import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A loopback server that answers like GitHub's users API, with scripted logins for each failure GitHub can send.
///
/// | request | answer |
/// |---|---|
/// | `GET /users/octocat` | 200, GitHub's user JSON |
/// | `GET /users/ratelimited` | 403, `x-ratelimit-remaining: 0`, `x-ratelimit-reset: 1700000000` |
/// | `GET /users/ratelimited429` | 429, `x-ratelimit-remaining: 0`, `x-ratelimit-reset: 1700000000` |
/// | `GET /users/secondary` | 429, `retry-after: 30` |
/// | `GET /users/secondary403` | 403, `retry-after: 45` |
/// | `GET /users/forbidden` | 403 with rate-limit headers left (a permission error) |
/// | `GET /users/broken` | 500, `{"message": "Server Error"}` |
/// | `GET /users/garbage` | 200, an HTML body |
/// | `GET /users/huge` | 200, a 2 MiB body |
/// | `GET /users/slow` | 200 after ``slowDelay`` |
/// | `GET /users/stalled` | 200 head at once, body finished after ``slowDelay`` |
/// | `GET /users/loop` | 302 to itself |
/// | `GET /users/{other}` | 404, GitHub's not-found JSON |
/// | `POST /users` `{"username": "taken"}` | 409 |
/// | `POST /users` a username that is not alphanumeric with hyphens | 422 with GitHub's field errors |
/// | `POST /users` otherwise | 201, the new user |
/// | `GET /search/repositories?…` | see `FakeGitHubServer+Search.swift` |
///
/// Every request is recorded in ``requests``, with its raw path and headers.
final class FakeGitHubServer: Sendable {
  /// One request as the server saw it.
  struct RecordedRequest: Sendable {
    var method: String
    /// The path exactly as sent, percent-encoding included.
    var rawPath: String
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: String
  }

  /// How long the slow routes wait: longer than the tests' short client timeout, short enough to keep shutdown fast.
  static let slowDelay: Duration = .milliseconds(600)
  /// The epoch second the fake primary rate limit resets at.
  static let rateLimitReset: Int64 = 1_700_000_000

  private let recorded = Mutex<[RecordedRequest]>([])

  /// The requests received so far, oldest first.
  var requests: [RecordedRequest] { recorded.withLock { $0 } }

  /// The Hummingbird application serving the routes above; `.test(.live)` replaces its address with a free port.
  func makeApplication(configuration: ApplicationConfiguration = .init()) -> some ApplicationProtocol {
    let router = Router()
    router.get("/users/:login") { request, context in
      await self.record(request)
      return try await Self.user(login: context.parameters.require("login"))
    }
    router.post("/users") { request, context in
      var request = request
      let body = try await request.collectBody(upTo: 64 * 1024)
      await self.record(request, body: String(buffer: body))
      return Self.signup(body: body)
    }
    addSearchRoutes(to: router)
    var logger = Logger(label: "FakeGitHubServer")
    logger.logLevel = .warning
    return Application(router: router, configuration: configuration, logger: logger)
  }

  func record(_ request: Request, body: String = "") async {
    var headers: [String: String] = [:]
    for field in request.headers {
      headers[field.name.canonicalName] = field.value
    }
    let entry = RecordedRequest(
      method: request.method.rawValue,
      rawPath: request.head.path ?? "",
      headers: headers,
      body: body
    )
    recorded.withLock { $0.append(entry) }
  }

  // MARK: - Routes

  private static func user(login: String) async throws -> Response {
    switch login {
    case "octocat":
      return json(.ok, octocatJSON)
    case "ratelimited":
      return json(.forbidden, rateLimitedJSON, headers: primaryLimitHeaders)
    case "ratelimited429":
      return json(.tooManyRequests, rateLimitedJSON, headers: primaryLimitHeaders)
    case "secondary":
      return json(.tooManyRequests, secondaryLimitJSON, headers: ["retry-after": "30"])
    case "secondary403":
      return json(.forbidden, secondaryLimitJSON, headers: ["retry-after": "45"])
    case "forbidden":
      return json(
        .forbidden,
        #"{"message": "Resource not accessible by integration", "status": "403"}"#,
        headers: ["x-ratelimit-limit": "5000", "x-ratelimit-remaining": "4999", "x-ratelimit-reset": "1700000000"]
      )
    case "broken":
      return json(.internalServerError, #"{"message": "Server Error"}"#)
    case "garbage":
      return Response(
        status: .ok,
        headers: [.contentType: "text/html"],
        body: .init(byteBuffer: ByteBuffer(string: "<html><body>Unicorn!</body></html>"))
      )
    case "huge":
      let padding = String(repeating: "x", count: 2 << 20)
      return json(.ok, #"{"login": "huge", "id": 1, "bio": "\#(padding)"}"#)
    case "slow":
      try await Task.sleep(for: slowDelay)
      return json(.ok, octocatJSON)
    case "stalled":
      return Response(
        status: .ok,
        headers: [.contentType: "application/json"],
        body: ResponseBody { writer in
          try await writer.write(ByteBuffer(string: #"{"login": "stalled", "#))
          try await Task.sleep(for: slowDelay)
          try await writer.write(ByteBuffer(string: #""id": 7}"#))
          try await writer.finish(nil)
        }
      )
    case "loop":
      return Response(status: .found, headers: [.location: "/users/loop"])
    default:
      return json(.notFound, notFoundJSON)
    }
  }

  private struct SignupBody: Decodable {
    var username: String
    var password: String
  }

  private static func signup(body: ByteBuffer) -> Response {
    guard let signup = try? JSONDecoder().decode(SignupBody.self, from: Data(body.readableBytesView)) else {
      return json(.badRequest, #"{"message": "Problems parsing JSON"}"#)
    }
    if signup.username == "taken" {
      return json(.conflict, #"{"message": "Username already taken"}"#)
    }
    let allowed = signup.username.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    if signup.username.isEmpty || !allowed {
      return json(.unprocessableContent, validationFailedJSON)
    }
    return json(
      .created,
      #"{"login": "\#(signup.username)", "id": 1000, "type": "User", "created_at": "2024-05-01T12:00:00Z"}"#
    )
  }

  // MARK: - GitHub's shapes

  static func json(_ status: HTTPResponse.Status, _ body: String, headers: [String: String] = [:]) -> Response {
    var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
    for (name, value) in headers {
      fields[HTTPField.Name(name)!] = value
    }
    return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
  }

  static let primaryLimitHeaders = [
    "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(rateLimitReset)",
    "x-ratelimit-used": "60", "x-ratelimit-resource": "core",
  ]

  static let octocatJSON = #"""
    {
      "login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ==",
      "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4", "gravatar_id": "",
      "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat",
      "type": "User", "site_admin": false, "name": "The Octocat", "company": "@github", "blog": "https://github.blog",
      "location": "San Francisco", "email": null, "hireable": null, "bio": null, "twitter_username": null,
      "public_repos": 8, "public_gists": 8, "followers": 17000, "following": 9,
      "created_at": "2011-01-25T18:44:36Z", "updated_at": "2024-01-22T12:12:44Z"
    }
    """#

  private static let notFoundJSON = #"""
    {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/users/users#get-a-user", "status": "404"}
    """#

  static let rateLimitedJSON = #"""
    {"message": "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit.)",
     "documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}
    """#

  static let secondaryLimitJSON = #"""
    {"message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
     "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}
    """#

  private static let validationFailedJSON = #"""
    {"message": "Validation Failed",
     "errors": [
       {"resource": "User", "field": "username", "code": "invalid",
        "message": "Username may only contain alphanumeric characters or single hyphens"},
       {"resource": "User", "field": "password", "code": "custom"}
     ],
     "documentation_url": "https://docs.github.com/rest", "status": "422"}
    """#
}
