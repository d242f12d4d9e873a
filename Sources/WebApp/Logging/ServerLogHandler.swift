import Foundation
public import Logging

/// The server's log lines, in either `--log-format` (``LogLineFormat``), rendered by one function with one
/// escaping rule.
///
/// Text is swift-log's `StreamLogHandler` line, with a UTC timestamp:
///
/// ```text
/// 2026-11-24T08:03:11.120Z info octoreact: duration_ms=0.27 hb.request.id=3 http.status=404 [WebApp] Request
/// ```
///
/// JSON is one object per line, for log collectors: `time`, `level`, `label`, `message`, `source`, then each
/// metadata entry as a string, in sorted order; a metadata key that is one of the line's own fields is
/// written as `metadata.KEY`.
///
/// ```text
/// {"time":"2026-11-24T08:03:11.120Z","level":"info","label":"octoreact","message":"Request","source":"WebApp","hb.request.id":"3"}
/// ```
///
/// **One escaping rule**: every key, value and message is written as the inside of a JSON string (control
/// characters as `\n` or `\u001b`, quotes and backslashes escaped), in both formats, so no text a client
/// sends can end a line and forge the next.
///
/// **Contract**: each line is one `write` to `output` (the server's ``LogWriter``), so lines from several
/// threads never interleave. The application wraps it in a ``RateLimitedLogHandler``, which bounds how many
/// lines each statement writes.
public struct ServerLogHandler: LogHandler {
  let label: String
  private let output: any TextOutputStream & Sendable
  private let format: LogLineFormat
  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?

  public init(
    label: String, output: any TextOutputStream & Sendable, format: LogLineFormat = .text,
    level: Logger.Level = .info
  ) {
    self.label = label
    self.output = output
    self.format = format
    self.logLevel = level
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    // As in `StreamLogHandler`: the line's own metadata wins over the provider's, which wins over the logger's.
    // A logger with no metadata of its own (the request log's) takes the line's as it is.
    var fields = metadata
    if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
    if let explicit = event.metadata { fields = fields.isEmpty ? explicit : fields.merging(explicit) { $1 } }
    if let error = event.error {
      fields["error.message"] = "\(error)"
      fields["error.type"] = "\(String(reflecting: type(of: error)))"
    }
    var output = output
    output.write(Self.line(event, fields: fields, label: label, format: format))
  }

  /// The line of `event` with `fields`, newline included.
  static func line(_ event: LogEvent, fields: Logger.Metadata, label: String, format: LogLineFormat) -> String {
    let time = timestamp(Date.now)
    let entries = fields.sorted { $0.key < $1.key }
    // Appended piece by piece into one string, which a request line fills without growing.
    var line = ""
    line.reserveCapacity(256)
    switch format {
    case .text:
      line.append(time)
      line.append(" ")
      line.append(event.level.rawValue)
      if !label.isEmpty {
        line.append(" ")
        appendEscaped(label, to: &line)
      }
      line.append(":")
      for (key, value) in entries {
        line.append(" ")
        appendEscaped(key, to: &line)
        line.append("=")
        appendEscaped(text(value), to: &line)
      }
      line.append(" [")
      appendEscaped(event.source, to: &line)
      line.append("] ")
      appendEscaped(event.message.description, to: &line)
      line.append("\n")
    case .json:
      line.append("{")
      appendJSONField("time", time, to: &line)
      for (key, value) in [
        ("level", event.level.rawValue), ("label", label), ("message", event.message.description),
        ("source", event.source),
      ] {
        line.append(",")
        appendJSONField(key, value, to: &line)
      }
      for (key, value) in entries {
        line.append(",")
        appendJSONField(ownFields.contains(key) ? "metadata." + key : key, text(value), to: &line)
      }
      line.append("}\n")
    }
    return line
  }

  /// Appends `"key":"value"`, both escaped.
  private static func appendJSONField(_ key: String, _ value: String, to line: inout String) {
    line.append("\"")
    appendEscaped(key, to: &line)
    line.append("\":\"")
    appendEscaped(value, to: &line)
    line.append("\"")
  }

  /// `date` as `2026-11-24T08:03:11.120Z`, the one timestamp of both formats: ``Timestamp``'s second (written
  /// by hand, so cheap enough for a line per request), then the milliseconds, truncated.
  static func timestamp(_ date: Date) -> String {
    let time = date.timeIntervalSince1970
    let milliseconds = Int((time - time.rounded(.down)) * 1000)
    return "\(Timestamp.string(from: date).dropLast()).\(String(milliseconds + 1000).dropFirst())Z"
  }

  private static let ownFields: Set<String> = ["time", "level", "label", "message", "source"]

  /// A metadata value as text: strings as they are, lists and dictionaries as swift-log prints them.
  private static func text(_ value: Logger.Metadata.Value) -> String {
    if case .string(let string) = value { string } else { value.description }
  }

  /// Appends `text` as the inside of a JSON string: the escaping rule of every part of every line.
  private static func appendEscaped(_ text: String, to line: inout String) {
    // Almost no text needs escaping (0xE2 leads U+2028 and U+2029): then it is written as it is.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) else {
      line.append(text)
      return
    }
    var quoted = ""
    JSONObjectWriter.appendQuoted(text, to: &quoted)
    line.append(contentsOf: quoted.dropFirst().dropLast())
  }
}
