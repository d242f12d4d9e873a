import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import WebApp

/// One `info` line per request, over real HTTP: its id, method, path without the query, status and duration.
struct RequestLogTests {
  let log = CapturedLog()

  @Test func eachRequestWritesOneLineWithItsIdMethodPathStatusAndDuration() async throws {
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "correct horse battery")
    try await app.application(logger: log.logger(level: .info)).test(.live) { client in
      _ = try await client.execute(uri: "/users/octocat?access_token=secret-token", method: .get)
      _ = try await client.execute(uri: "/users/nobody", method: .get)
      _ = try await client.execute(uri: "/users", method: .post, headers: .json, body: ByteBuffer(string: "{"))
    }
    let lines = log.lines(saying: "Request")
    #expect(lines.count == 3)
    #expect(lines.map { $0.metadata["http.method"]?.description } == ["GET", "GET", "POST"])
    #expect(lines.map { $0.metadata["http.path"]?.description } == ["/users/octocat", "/users/nobody", "/users"])
    #expect(lines.map { $0.metadata["http.status"]?.description } == ["200", "404", "400"])
    #expect(lines.allSatisfy { $0.level == .info })
    let ids = lines.compactMap { $0.metadata["hb.request.id"]?.description }
    #expect(ids.count == 3 && Set(ids).count == 3)
    for line in lines {
      let duration = try #require(line.metadata["duration_ms"].flatMap { Double($0.description) })
      #expect(duration >= 0 && duration < 60_000)
    }
    #expect(!log.lines.contains { "\($0.metadata)".contains("secret-token") })
  }

  @Test func aLongPathIsCut() async throws {
    let path = "/users/" + String(repeating: "é", count: 600)
    let uri = "/users/" + String(repeating: "%C3%A9", count: 600)
    try await TestApp().application(logger: log.logger(level: .info)).test(.live) { client in
      _ = try await client.execute(uri: uri, method: .get)
    }
    let logged = try #require(log.lines(saying: "Request").first?.metadata["http.path"]?.description)
    #expect(logged.utf8.count <= RequestRecordMiddleware<AppRequestContext>.maxPathBytes)
    #expect(logged.hasSuffix("…"))
    #expect(uri.hasPrefix(String(logged.dropLast())) || path.hasPrefix(String(logged.dropLast())))
  }

  @Test func noLinesAboveInfo() async throws {
    try await TestApp().application(logger: log.logger(level: .notice)).test(.live) { client in
      _ = try await client.execute(uri: "/users/nobody", method: .get)
    }
    #expect(log.lines(saying: "Request").isEmpty)
  }

  @Test func durations() {
    let milliseconds = RequestRecordMiddleware<AppRequestContext>.milliseconds
    #expect(milliseconds(.zero) == "0.00")
    #expect(milliseconds(.microseconds(414)) == "0.41")
    #expect(milliseconds(.seconds(1_250)) == "1250000.00")
    #expect(milliseconds(.microseconds(1_005)) == "1.01")
  }

  /// Over real HTTP, through the server's handler and writer on a pipe: one text line per request, the query
  /// string left out, an encoded newline kept encoded, a long path cut.
  @Test func theServerWritesOneTextLinePerRequestThroughItsWriter() async throws {
    let pipe = Pipe()
    let writer = LogWriter(descriptor: pipe.fileHandleForWriting.fileDescriptor)
    let logger = Logger(label: "octoreact") { ServerLogHandler(label: $0, output: writer) }
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "correct horse battery")
    try await app.application(logger: logger).test(.live) { client in
      _ = try await client.execute(uri: "/users/octocat?access_token=secret-token", method: .get)
      _ = try await client.execute(uri: "/users/a%0A2026-11-24T08:00:00+0000%20info%20forged", method: .get)
      _ = try await client.execute(uri: "/users/" + String(repeating: "%C3%A9", count: 600), method: .get)
    }
    writer.close()
    try pipe.fileHandleForWriting.close()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let lines = text.split(separator: "\n").filter { $0.hasSuffix("[WebApp] Request") }
    #expect(lines.count == 3, "\(text)")
    #expect(lines.first?.contains(" http.method=GET http.path=/users/octocat http.status=200 [WebApp] Request") == true)
    #expect(
      lines.dropFirst().first?.contains(" http.path=/users/a%0A2026-11-24T08:00:00+0000%20info%20forged ") == true)
    let cut = try #require(lines.last?.firstMatch(of: #/http\.path=(\S*) /#)?.1)
    #expect(cut.utf8.count <= RequestRecordMiddleware<AppRequestContext>.maxPathBytes && cut.hasSuffix("…"))
    #expect(lines.allSatisfy { $0.contains(#/ hb\.request\.id=\S+ /#) } && !text.contains("secret-token"))
  }
}
