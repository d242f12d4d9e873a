import Foundation
import Logging
import Synchronization
import Testing
import WebApp

/// The server's log lines: `StreamLogHandler`'s text lines, metadata included, and in both formats one
/// escaping rule and one timestamp.
struct ServerLogHandlerTests {
  final class Lines: TextOutputStream, Sendable {
    let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
    /// Each line without its timestamp.
    var withoutTimestamps: [Substring] {
      text.withLock { $0 }.split(separator: "\n").map { $0.drop { $0 != " " }.dropFirst() }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "it failed" }
  }

  func logger(_ lines: Lines, format: LogLineFormat = .text) -> Logger {
    Logger(label: "octoreact") { label in ServerLogHandler(label: label, output: lines, format: format) }
  }

  @Test func linesCarryTheLoggersMetadataThenTheLinesOwn() {
    let lines = Lines()
    var logger = logger(lines)
    logger[metadataKey: "hb.request.id"] = "42"
    logger[metadataKey: "route"] = "users"
    logger.info("Looked up", metadata: ["route": "users/{username}", "status": "404"])
    logger.debug("Not written at the info level")
    logger.logLevel = .debug
    logger[metadataKey: "route"] = nil
    logger.debug("Written")

    #expect(lines.withoutTimestamps == [
      #"info octoreact: hb.request.id=42 route=users/{username} status=404 [WebAppTests] Looked up"#,
      "debug octoreact: hb.request.id=42 [WebAppTests] Written",
    ])
  }

  @Test func linesAreStreamLogHandlersToTheCharacterButTheTimestamp() {
    let ours = Lines()
    let theirs = Lines()
    for (lines, isOurs) in [(ours, true), (theirs, false)] {
      var logger = Logger(label: "octoreact") { label -> any LogHandler in
        isOurs
          ? ServerLogHandler(label: label, output: lines)
          : StreamLogHandler(label: label, stream: lines, metadataProvider: nil)
      }
      logger.logLevel = .trace
      logger.notice("Bare")
      logger[metadataKey: "hb.request.id"] = "7"
      logger.warning("With metadata", metadata: ["path": "/users/é", "n": .stringConvertible(3)])
      logger.error("With an error", error: Failure())
    }
    #expect(ours.withoutTimestamps.count == 3)
    #expect(ours.withoutTimestamps == theirs.withoutTimestamps)
  }

  /// A client's text in a message, a key or a value cannot end a line: in both formats every part is escaped
  /// as the inside of a JSON string.
  @Test func controlCharactersQuotesAndBackslashesAreEscapedInBothFormats() throws {
    let hostile = "/users/a\nb\r\t\u{1B}[2J\u{7F}\u{2028}\"\\c"
    for format in LogLineFormat.allCases {
      let lines = Lines()
      logger(lines, format: format).info("\(hostile)", metadata: ["http.path": "\(hostile)", hostile: "x"])
      let text = lines.text.withLock { $0 }
      #expect(text.filter { $0 == "\n" }.count == 1, "\(text)")
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || $0 == "\u{2028}" })
      let escaped = #"/users/a\nb\r\t\u001b[2J\u007f\u2028\"\\c"#
      switch format {
      case .text:
        #expect(text.contains(" \(escaped)=x http.path=\(escaped) [WebAppTests] \(escaped)\n"), "\(text)")
      case .json:
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(object["http.path"] == hostile && object[hostile] == "x" && object["message"] == hostile)
      }
    }
  }

  /// One timestamp in both formats: UTC to the millisecond, the wall clock's.
  @Test func bothFormatsStampLinesWithTheWallClockInUTCToTheMillisecond() throws {
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    for format in LogLineFormat.allCases {
      let lines = Lines()
      let before = Date()
      logger(lines, format: format).info("Now")
      let after = Date()
      let line = lines.text.withLock { $0 }
      let time = try #require(line.firstMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/)?.output)
      #expect(format == .text ? line.hasPrefix(time) : line.hasPrefix(#"{"time":""# + time))
      let date = try #require(parser.date(from: String(time)))
      #expect(date.timeIntervalSince(before) > -0.002 && date.timeIntervalSince(after) < 0.001)
    }
  }
}
