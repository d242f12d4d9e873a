import Logging
import Synchronization
import Testing
import WebApp

/// The server's log lines are `StreamLogHandler`'s, metadata included.
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

  @Test func linesCarryTheLoggersMetadataThenTheLinesOwn() {
    let lines = Lines()
    var logger = Logger(label: "octoreact") { label in ServerLogHandler(label: label, stream: lines) }
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

  @Test func linesAreStreamLogHandlersToTheCharacter() {
    let ours = Lines()
    let theirs = Lines()
    for (lines, isOurs) in [(ours, true), (theirs, false)] {
      var logger = Logger(label: "octoreact") { label -> any LogHandler in
        isOurs
          ? ServerLogHandler(label: label, stream: lines)
          : StreamLogHandler(label: label, stream: lines, metadataProvider: nil)
      }
      logger.logLevel = .trace
      logger.notice("Bare")
      logger[metadataKey: "hb.request.id"] = "7"
      let metadata: Logger.Metadata = ["list": ["a", "b"], "map": ["k": "v"], "n": .stringConvertible(3)]
      logger.warning("With a list", metadata: metadata)
      logger.error("With an error", error: Failure())
    }
    let timestamps = ours.text.withLock { $0 }.split(separator: "\n").map { $0.prefix { $0 != " " } }
    #expect(ours.withoutTimestamps == theirs.withoutTimestamps)
    #expect(timestamps.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/) != nil })
  }
}
