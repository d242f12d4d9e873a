import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import WebApp

/// ``RequestLog`` writes the request line the log handlers wrote for the same fields, in both formats, through a
/// real ``LogWriter`` on a pipe; with control characters escaped in the text format too.
struct RequestLogLineTests {
  /// What a ``LogWriter`` wrote to a pipe, read back after closing it.
  final class PipeOutput: Sendable {
    let writer: LogWriter
    private let readEnd: Int32

    init() {
      var ends: [Int32] = [0, 0]
      precondition(pipe(&ends) == 0)
      readEnd = ends[0]
      let writeEnd = ends[1]
      writer = LogWriter(descriptor: writeEnd, droppedNotice: { "\($0) dropped\n" })
      writeEndToClose = writeEnd
    }

    private let writeEndToClose: Int32

    /// Closes the writer (which writes what is pending) and the pipe, and returns everything written.
    func close() -> String {
      writer.close()
      Foundation.close(writeEndToClose)
      let data = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true).readDataToEndOfFile()
      return String(decoding: data, as: UTF8.self)
    }
  }

  final class Lines: TextOutputStream, Sendable {
    let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
  }

  struct Fields {
    var id: String?
    var method = "GET"
    var path: String
    var status: Int
    var microseconds: Int64
  }

  static let samples = [
    Fields(id: "1c0ffee00000000000000003", path: "/users/octocat", status: 404, microseconds: 414),
    Fields(id: nil, method: "POST", path: "/users", status: 201, microseconds: 1_250_000),
    Fields(id: "7", path: "/search/\"é\\ü…", status: 200, microseconds: 0),
  ]

  /// The lines `RequestLog` writes for `samples`, and the ones the handler of `format` writes for the same fields.
  func linesOfBoth(_ format: LogLineFormat) -> (ours: [Substring], handlers: [Substring]) {
    let output = PipeOutput()
    let requestLog = RequestLog(label: "octoreact", format: format, writer: output.writer)
    let lines = Lines()
    let logger = Logger(label: "octoreact") { label -> any LogHandler in
      switch format {
      case .text: ServerLogHandler(label: label, stream: lines)
      case .json: ServerLogHandler(label: label, stream: lines, format: .json)
      }
    }
    for fields in Self.samples {
      requestLog.write(
        id: fields.id, method: fields.method, path: fields.path, status: fields.status,
        microseconds: fields.microseconds)
      var metadata: Logger.Metadata = [
        "http.method": .string(fields.method), "http.path": .string(fields.path),
        "http.status": "\(fields.status)", "duration_ms": .string(RequestLog.milliseconds(fields.microseconds)),
      ]
      if let id = fields.id { metadata["hb.request.id"] = .string(id) }
      logger.log(level: .info, "Request", metadata: metadata, source: "WebApp")
    }
    let ours = output.close()
    let handlers = lines.text.withLock { $0 }
    return (ours.split(separator: "\n"), handlers.split(separator: "\n"))
  }

  @Test func textLinesAreTheTextHandlersLines() {
    let (ours, handlers) = linesOfBoth(.text)
    #expect(ours.count == Self.samples.count)
    // The timestamp aside (it may have turned a second in between), character for character.
    let withoutTime = { (line: Substring) in line.drop { $0 != " " } }
    #expect(ours.map(withoutTime) == handlers.map(withoutTime))
    #expect(ours.first?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info octoreact: .*/) != nil)
    #expect(
      ours.first?.hasSuffix(
        " info octoreact: duration_ms=0.41 hb.request.id=1c0ffee00000000000000003 http.method=GET "
          + "http.path=/users/octocat http.status=404 [WebApp] Request") == true)
  }

  @Test func jsonLinesAreTheJSONHandlersLines() throws {
    let (ours, handlers) = linesOfBoth(.json)
    #expect(ours.count == Self.samples.count)
    let withoutTime = { (line: Substring) in line.replacing(/"time":"[^"]*"/, with: "\"time\":\"\"") }
    #expect(ours.map(withoutTime) == handlers.map(withoutTime))
    for line in ours {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
      let time = try #require(object["time"])
      #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    }
  }

  /// The JSON time, formatted once a second with the milliseconds added on each call, is the wall clock's.
  @Test func jsonTimestampsAreTheWallClockToTheMillisecond() throws {
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var previous = Date.distantPast
    for _ in 0..<2_000 {
      let before = Date()
      let text = ServerLogHandler.jsonTimestamp()
      let after = Date()
      #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(text)")
      let date = try #require(parser.date(from: text))
      #expect(date >= previous && date.timeIntervalSince(before) > -0.002 && date.timeIntervalSince(after) < 0.001)
      previous = date
    }
  }

  @Test func controlCharactersInThePathAreEscapedInBothFormats() throws {
    let path = "/users/a\nb\r\t\u{1B}[2J\u{7F}c"
    for format in [LogLineFormat.text, .json] {
      let output = PipeOutput()
      RequestLog(label: "octoreact", format: format, writer: output.writer)
        .write(id: "1", method: "GET", path: path, status: 404, microseconds: 10)
      let text = output.close()
      #expect(text.filter { $0 == "\n" }.count == 1, "\(text)")
      #expect(!text.contains { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F } })
      switch format {
      case .text: #expect(text.contains(#" http.path=/users/a\nb\r\t\u001b[2J\u007fc http.status=404 "#))
      case .json:
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(object["http.path"] == path)
      }
    }
  }

  /// Over real HTTP: the server's line through the writer, the query string left out, an encoded newline kept
  /// encoded, a long path cut.
  @Test func theServerWritesOneLinePerRequestThroughTheRequestLog() async throws {
    let output = PipeOutput()
    let requestLog = RequestLog(label: "octoreact", format: .text, writer: output.writer)
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "correct horse battery")
    try await app.application(requestLog: requestLog).test(.live) { client in
      _ = try await client.execute(uri: "/users/octocat?access_token=secret-token", method: .get)
      _ = try await client.execute(uri: "/users/a%0A2026-11-24T08:00:00+0000%20info%20forged", method: .get)
      _ = try await client.execute(uri: "/users/" + String(repeating: "%C3%A9", count: 600), method: .get)
    }
    let lines = output.close().split(separator: "\n")
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.contains(" http.method=GET http.path=/users/octocat http.status=200 [WebApp] Request") == true)
    #expect(
      lines.dropFirst().first?.contains(" http.path=/users/a%0A2026-11-24T08:00:00+0000%20info%20forged ") == true)
    let cut = try #require(lines.last?.firstMatch(of: #/http\.path=(\S*) /#)?.1)
    #expect(cut.utf8.count <= RequestRecordMiddleware<AppRequestContext>.maxPathBytes && cut.hasSuffix("…"))
    #expect(lines.allSatisfy { $0.contains(#/ hb\.request\.id=\S+ /#) && !$0.contains("secret-token") })
  }
}
