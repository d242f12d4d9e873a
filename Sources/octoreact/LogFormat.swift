import ArgumentParser
import Logging
import Synchronization
import WebApp

/// `serve --log-format text|json`: swift-log's text lines, or one JSON object per line.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json

  /// The handler writing the lines of the logger `label` at `level` to `output` (the server's ``LogWriter``).
  func handler(label: String, level: Logger.Level, output: some TextOutputStream & Sendable) -> any LogHandler {
    var handler = ServerLogHandler(label: label, stream: output, format: lineFormat)
    handler.logLevel = level
    return handler
  }

  /// The server's lines in this format.
  var lineFormat: LogLineFormat {
    switch self {
    case .text: .text
    case .json: .json
    }
  }

  /// The `warning` line, in this format, saying that `count` lines were dropped because the output was blocked.
  func droppedNotice(count: Int) -> String {
    let line = CapturedLine()
    handler(label: "octoreact", level: .warning, output: line).log(
      event: LogEvent(
        level: .warning, message: "Dropped log lines: the log output was blocked", metadata: ["dropped": "\(count)"],
        source: "octoreact", file: #fileID, function: #function, line: #line))
    return line.text.withLock { $0 }
  }

  /// A line kept instead of written.
  private final class CapturedLine: TextOutputStream, Sendable {
    let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
  }
}
