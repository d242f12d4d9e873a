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

  /// A handler writing the lines of the logger `label` at `level` and above to `output`, in `format`.
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
    var fields = metadata
    if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
    if let explicit = event.metadata { fields.merge(explicit) { $1 } }
    if let error = event.error {
      fields["error.message"] = "\(error)"
      fields["error.type"] = "\(String(reflecting: type(of: error)))"
    }
    var output = output
    output.write(Self.line(event, fields: fields, label: label, format: format))
  }

  /// The line of `event` with `fields`, newline included.
  static func line(_ event: LogEvent, fields: Logger.Metadata, label: String, format: LogLineFormat) -> String {
    let time = Date.now.formatted(timestamp)
    let sorted = fields.sorted { $0.key < $1.key }
    switch format {
    case .text:
      let head = time + " " + event.level.rawValue + (label.isEmpty ? "" : " " + escaped(label)) + ":"
      let metadata = sorted.map { " " + escaped($0.key) + "=" + escaped(text($0.value)) }.joined()
      return head + metadata + " [" + escaped(event.source) + "] " + escaped(event.message.description) + "\n"
    case .json:
      let own = [
        ("time", time), ("level", event.level.rawValue), ("label", label), ("message", event.message.description),
        ("source", event.source),
      ]
      let metadata = sorted.map { (ownFields.contains($0.key) ? "metadata." + $0.key : $0.key, text($0.value)) }
      return "{" + (own + metadata).map { "\"" + escaped($0) + "\":\"" + escaped($1) + "\"" }.joined(separator: ",")
        + "}\n"
    }
  }

  /// The one timestamp of both formats: UTC, to the millisecond, such as `2026-11-24T08:03:11.120Z`.
  private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

  private static let ownFields: Set<String> = ["time", "level", "label", "message", "source"]

  /// A metadata value as text: strings as they are, lists and dictionaries as swift-log prints them.
  private static func text(_ value: Logger.Metadata.Value) -> String {
    if case .string(let string) = value { string } else { value.description }
  }

  /// `text` as the inside of a JSON string: the escaping rule of every part of every line.
  static func escaped(_ text: String) -> String {
    var quoted = ""
    JSONObjectWriter.appendQuoted(text, to: &quoted)
    return String(quoted.dropFirst().dropLast())
  }
}
