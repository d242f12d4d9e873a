import Foundation
public import Logging
import Synchronization

/// A log handler writing one JSON object per line: `time` (UTC, ISO 8601 with milliseconds), `level`,
/// `label`, `message`, `source`, then each metadata entry as a string field.
///
/// For log collectors that read JSON lines (`serve --log-format json`):
///
/// ```text
/// {"time":"2026-11-24T06:10:00.123Z","level":"info","label":"octoreact","message":"Request","source":"WebApp",
/// "hb.request.id":"7","http.status":"200"}
/// ```
///
/// (one line; wrapped here).
///
/// **Contract**: each line is one `write` to the stream, so lines from several threads never interleave;
/// the server's stream is a ``LogWriter``, which writes them from a background thread (a reader that stops
/// draining the pipe costs dropped lines, never a stalled request). A
/// metadata key that is one of the line's own fields is written as `metadata.KEY`. Like the text
/// handler it is wrapped in a ``RateLimitedLogHandler`` by the application, which bounds how many lines
/// each statement writes. Metadata is stored as it is set and rendered only when a line is written
/// (see ``ServerLogHandler`` for why).
public struct JSONLogHandler: LogHandler {
  private let label: String
  private let stream: any TextOutputStream & Sendable
  public var logLevel: Logger.Level = .info
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?

  /// A handler writing the lines of the logger `label` to `stream`.
  public init(
    label: String, stream: any TextOutputStream & Sendable, metadataProvider: Logger.MetadataProvider? = nil
  ) {
    self.label = label
    self.stream = stream
    self.metadataProvider = metadataProvider
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var fields = metadata
    if let provided = metadataProvider?.get() { fields.merge(provided) { _, provided in provided } }
    if let explicit = event.metadata { fields.merge(explicit) { _, explicit in explicit } }
    var line = "{"
    Self.append("time", Self.timestamp(), to: &line)
    Self.append("level", event.level.rawValue, to: &line)
    Self.append("label", label, to: &line)
    Self.append("message", event.message.description, to: &line)
    Self.append("source", event.source, to: &line)
    for key in fields.keys.sorted() {
      let name = Self.ownFields.contains(key) ? "metadata." + key : key
      Self.append(name, Self.text(fields[key]!), to: &line)
    }
    line += "}\n"
    var stream = stream
    stream.write(line)
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
  private static let lastSecond = Mutex<(second: Int, text: String)>((-1, ""))

  /// Now, such as `2026-11-24T06:10:00.123Z`: the date and time formatted once a second (as
  /// ``ServerLogHandler`` does), the milliseconds on every call.
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let second = Int(now.tv_sec)
    let milliseconds = Int(now.tv_nsec / 1_000_000)
    let fraction = milliseconds < 10 ? "00" : milliseconds < 100 ? "0" : ""
    if let cached = lastSecond.withLock({ $0.second == second ? $0.text : nil }) {
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
    lastSecond.withLock { $0 = (second, text) }
    return text + fraction + String(milliseconds) + "Z"
  }
}
