import Foundation
import Logging
import Synchronization

/// `--log-format json`: one JSON object per line, `time` (UTC, ISO 8601 with milliseconds), `level`,
/// `label`, `message`, `source`, then each metadata entry as a string field, in sorted order.
///
/// ```text
/// {"time":"2026-11-24T06:10:00.123Z","level":"info","label":"octoreact","message":"Request","source":"WebApp",
/// "hb.request.id":"7","http.status":"200"}
/// ```
///
/// (one line; wrapped here). A metadata key that is one of the line's own fields is written as
/// `metadata.KEY`.
extension ServerLogHandler {
  /// The JSON line of `event` with its sorted `fields`.
  func jsonLine(_ event: LogEvent, fields: [Field]) -> String {
    var line = "{"
    Self.append("time", Self.jsonTimestamp(), to: &line)
    Self.append("level", event.level.rawValue, to: &line)
    Self.append("label", label, to: &line)
    Self.append("message", event.message.description, to: &line)
    Self.append("source", event.source, to: &line)
    for field in fields {
      let name = Self.ownFields.contains(field.key) ? "metadata." + field.key : field.key
      Self.append(name, Self.text(field.value), to: &line)
    }
    line += "}\n"
    return line
  }

  private static let ownFields: Set<String> = ["time", "level", "label", "message", "source"]

  /// A metadata value as the text handler writes it: strings as they are, lists and dictionaries as swift-log
  /// prints them.
  private static func text(_ value: Logger.Metadata.Value) -> String {
    switch value {
    case .string(let string): string
    case .stringConvertible(let convertible): convertible.description
    case .array, .dictionary: value.description
    }
  }

  /// `"key":"value"` after a comma if needed, both escaped as JSON strings.
  private static func append(_ key: String, _ value: String, to line: inout String) {
    if line.utf8.count > 1 { line += "," }
    JSONObjectWriter.appendQuoted(key, to: &line)
    line += ":"
    JSONObjectWriter.appendQuoted(value, to: &line)
  }

  /// The last second formatted up to its fraction (`2026-11-24T06:10:00.`), and the second.
  private static let lastJSONSecond = Mutex<(second: Int, text: String)>((-1, ""))

  /// Now, such as `2026-11-24T06:10:00.123Z`: the date and time formatted once a second (as
  /// ``textTimestamp()`` does), the milliseconds on every call.
  static func jsonTimestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let second = Int(now.tv_sec)
    let milliseconds = Int(now.tv_nsec / 1_000_000)
    let fraction = milliseconds < 10 ? "00" : milliseconds < 100 ? "0" : ""
    if let cached = lastJSONSecond.withLock({ $0.second == second ? $0.text : nil }) {
      return cached + fraction + String(milliseconds) + "Z"
    }
    var seconds = now.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    let text =
      digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
      + "T" + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "."
    lastJSONSecond.withLock { $0 = (second, text) }
    return text + fraction + String(milliseconds) + "Z"
  }
}
