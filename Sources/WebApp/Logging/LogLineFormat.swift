/// How the server's log lines are written (`serve --log-format`): swift-log's text lines, or one JSON
/// object per line. ``ServerLogHandler`` renders both.
public enum LogLineFormat: String, CaseIterable, Sendable {
  case text
  case json
}
