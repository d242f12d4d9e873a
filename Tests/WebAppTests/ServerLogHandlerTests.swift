import Logging
import Synchronization
import Testing
import WebApp

/// The server's log lines are `StreamLogHandler`'s, metadata included.
struct ServerLogHandlerTests {
  final class Lines: TextOutputStream, Sendable {
    let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
  }

  @Test func linesCarryTheLoggersMetadataThenTheLinesOwn() {
    let lines = Lines()
    var logger = Logger(label: "octoreact") { label in
      ServerLogHandler(StreamLogHandler(label: label, stream: lines, metadataProvider: nil))
    }
    logger[metadataKey: "hb.request.id"] = "42"
    logger[metadataKey: "route"] = "users"
    logger.info("Looked up", metadata: ["route": "users/{username}", "status": "404"])
    logger.debug("Not written at the info level")
    logger.logLevel = .debug
    logger[metadataKey: "route"] = nil
    logger.debug("Written")

    let written = lines.text.withLock { $0 }.split(separator: "\n").map { $0.drop { $0 != " " }.dropFirst() }
    #expect(written == [
      #"info octoreact: hb.request.id=42 route=users/{username} status=404 [WebAppTests] Looked up"#,
      "debug octoreact: hb.request.id=42 [WebAppTests] Written",
    ])
  }
}
