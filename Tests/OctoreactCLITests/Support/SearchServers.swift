import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import RepositoryIndex
import Synchronization
import Testing
import WebApp

/// Runs `body` with a second, real Octoreact server on a loopback port (the whole application, rate limits off),
/// whose repository index is a file in `folder` holding `objects` (GitHub repository JSON, one per line) and
/// `names` (`owner/name`, known only by name); `body` gets the server's base URL.
func withOctoreactServer<Value: Sendable>(
  serving objects: [String],
  names: [String] = [],
  in folder: URL,
  _ body: @Sendable (String) async throws -> Value
) async throws -> Value {
  let accounts = try AccountStore.inMemory()
  let index = try RepositoryIndex(path: folder.path("server-repositories.sqlite"))
  defer {
    try? index.close()
    try? accounts.close()
  }
  let report = try await index.importRepositories(from: Data(objects.joined(separator: "\n").utf8))
  try #require(report.skipped == 0, "the server's fixture has bad lines: \(report.issues)")
  if !names.isEmpty {
    let named = try await index.importRepositories(from: Data(names.joined(separator: "\n").utf8))
    try #require(named.skipped == 0, "the server's names have bad lines: \(named.issues)")
  }
  let configuration = AppConfiguration(port: 0, rateLimits: .off, usernameThrottle: .zero, queryThrottle: .zero)
  let app = buildApplication(configuration, accounts: accounts, index: index, httpClient: .shared, logger: quietLogger)
  return try await app.test(.live) { client in
    let port = try #require(client.port)
    return try await body("http://127.0.0.1:\(port)")
  }
}

/// A tiny loopback server speaking real HTTP whose `GET /search/repositories` gives scripted answers in order
/// (the last one again once they are used up), recording each request's path.
final class ScriptedSearchServer: Sendable {
  /// One scripted answer.
  struct Answer: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields = [:]
    var body: String
  }

  private let state: Mutex<(answers: [Answer], paths: [String])>

  init(_ answers: [Answer]) {
    precondition(!answers.isEmpty)
    state = Mutex((answers, []))
  }

  /// The paths requested so far, query included, oldest first.
  var paths: [String] { state.withLock { $0.paths } }

  /// Runs `body` with the server listening; `body` gets its base URL.
  func run<Value: Sendable>(_ body: @Sendable (String) async throws -> Value) async throws -> Value {
    let router = Router()
    router.get("/search/repositories") { request, _ -> Response in
      let answer = self.state.withLock { state in
        state.paths.append(request.uri.description)
        return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
      }
      var headers = answer.headers
      headers[.contentType] = "application/json"
      return Response(status: answer.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: answer.body)))
    }
    let app = Application(router: router, logger: quietLogger)
    return try await app.test(.live) { client in
      let port = try #require(client.port)
      return try await body("http://127.0.0.1:\(port)")
    }
  }
}

/// A logger that keeps the test output to warnings.
var quietLogger: Logger {
  var logger = Logger(label: "octoreact-cli-test")
  logger.logLevel = .warning
  return logger
}

/// Progress lines collected from an ``IndexSync``, and a stream of them to wait on.
final class ProgressRecorder: Sendable {
  private let recorded = Mutex<[String]>([])
  let lines: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation

  init() {
    (lines, continuation) = AsyncStream.makeStream()
  }

  var all: [String] { recorded.withLock { $0 } }

  func record(_ line: String) {
    recorded.withLock { $0.append(line) }
    continuation.yield(line)
  }
}
