import ArgumentParser
import Logging
import WebApp

/// `serve --log-format text|json`: swift-log's text lines, or one JSON object per line.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json

  /// The handler writing the lines of the logger `label` to standard error at `level`.
  func handler(label: String, level: Logger.Level) -> any LogHandler {
    switch self {
    case .text:
      var handler = ServerLogHandler(StreamLogHandler.standardError(label: label))
      handler.logLevel = level
      return handler
    case .json:
      var handler = JSONLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }
}
