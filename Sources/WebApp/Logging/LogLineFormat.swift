/// How the server's log lines are written (`serve --log-format`): swift-log's text lines, or one JSON object
/// per line. ``ServerLogHandler`` and ``RequestLog`` write the same lines in each.
public enum LogLineFormat: Sendable {
  case text
  case json
}
