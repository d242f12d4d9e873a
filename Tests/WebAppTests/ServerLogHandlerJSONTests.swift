import Clocks
import Foundation
import Logging
import Synchronization
import Testing
import WebApp

/// `--log-format json`: every line is one JSON object with the line's fields and its metadata as strings.
struct ServerLogHandlerJSONTests {
  final class Lines: TextOutputStream, Sendable {
    let text = Mutex("")
    /// Signalled after each write.
    let (writes, written) = AsyncStream<Void>.makeStream()
    func write(_ string: String) {
      text.withLock { $0 += string }
      written.yield()
    }

    /// Each line parsed as a JSON object (a line that is not one fails the test).
    var objects: [[String: Any]] {
      get throws {
        try text.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
          try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
      }
    }
  }

  let lines = Lines()

  func logger(label: String = "octoreact") -> Logger {
    Logger(label: label) { [lines] label in ServerLogHandler(label: label, output: lines, format: .json) }
  }

  @Test func eachLineIsOneObjectWithItsFieldsAndMetadataAsStrings() throws {
    var logger = logger()
    logger[metadataKey: "hb.request.id"] = "42"
    logger.info(
      "Looked \"up\"\n\u{1B}[2J\\",
      metadata: ["http.status": .stringConvertible(404), "list": ["a", "b"], "time": "client's", "é": "ü"])
    logger.debug("Not written at the info level")
    logger.warning("Second")

    let objects = try lines.objects
    #expect(objects.count == 2)
    let first = try #require(objects.first)
    #expect(first["level"] as? String == "info")
    #expect(first["label"] as? String == "octoreact")
    #expect(first["message"] as? String == "Looked \"up\"\n\u{1B}[2J\\")
    #expect(first["source"] as? String == "WebAppTests")
    #expect(first["hb.request.id"] as? String == "42")
    #expect(first["http.status"] as? String == "404")
    #expect(first["list"] as? String == #"["a", "b"]"#)
    #expect(first["metadata.time"] as? String == "client's")
    #expect(first["é"] as? String == "ü")
    let time = try #require(first["time"] as? String)
    #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let date = try #require(parser.date(from: time))
    #expect(abs(date.timeIntervalSinceNow) < 3600)
    #expect(objects.last?["message"] as? String == "Second")
    // No raw control character reaches the stream.
    #expect(!lines.text.withLock { $0 }.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func lineSeparatorsAreEscapedSoALineStaysOneLine() throws {
    logger().info("a\u{2028}b\u{2029}c…", metadata: ["path": "/é"])
    let text = lines.text.withLock { $0 }
    #expect(text.contains(#""a\u2028b\u2029c…""#))
    #expect(try lines.objects.first?["message"] as? String == "a\u{2028}b\u{2029}c…")
    #expect(try lines.objects.first?["path"] as? String == "/é")
  }

  @Test func aRateLimitedJSONLoggerStaysBoundedAndWritesItsSummaryAsJSON() async throws {
    let clock = TestClock()
    let logger = logger().rateLimited(WindowLimit(2, per: .seconds(60)), clock: clock)
    for index in 0..<20 { logger.notice("Refused", metadata: ["index": "\(index)"]) }
    #expect(try lines.objects.count == 2)
    await clock.advance(by: .seconds(60))
    for await _ in lines.writes where try lines.objects.count == 3 { break }
    let objects = try lines.objects
    #expect(objects.count == 3)
    #expect(objects.last?["message"] as? String == "Suppressed 18 similar log lines")
    #expect(objects.last?["log.suppressed"] as? String == "18")
  }
}
