import Foundation
public import Logging
import Synchronization

/// The server's log lines, in either `--log-format` (``LogLineFormat``).
///
/// Text is swift-log's `StreamLogHandler` format (its tests compare the two):
///
/// ```text
/// 2026-11-24T08:03:11+0000 info octoreact: duration_ms=0.27 hb.request.id=3 http.status=404 [WebApp] Request
/// ```
///
/// JSON is one object per line, for log collectors (see `ServerLogHandler+JSON.swift`).
///
/// Built for less than `StreamLogHandler`: the logger's metadata is stored as it is set and rendered only
/// with a line (Hummingbird sets a request id on every request's logger, and `StreamLogHandler` rendered all
/// of it each time), and the timestamp is formatted once a second instead of
/// with `localtime` and `strftime` on every line.
///
/// **Contract**: each line is one `write` to `stream` (the server's ``LogWriter``), so lines from several
/// threads never interleave. The application wraps it in a ``RateLimitedLogHandler``, which bounds how many
/// lines each statement writes.
public struct ServerLogHandler: LogHandler {
  let label: String
  private let stream: any TextOutputStream & Sendable
  private let format: LogLineFormat
  public var logLevel: Logger.Level = .info
  public var metadata: Logger.Metadata = [:]
  public var metadataProvider: Logger.MetadataProvider?

  /// A handler writing the lines of the logger `label` to `stream`, in `format`.
  public init(
    label: String, stream: any TextOutputStream & Sendable, format: LogLineFormat = .text,
    metadataProvider: Logger.MetadataProvider? = nil
  ) {
    self.label = label
    self.stream = stream
    self.format = format
    self.metadataProvider = metadataProvider
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// A metadata entry of a line.
  typealias Field = (key: String, value: Logger.MetadataValue)

  public func log(event: LogEvent) {
    var fields = collectedFields(event)
    let line: String
    switch format {
    case .text:
      if let error = event.error {
        fields.removeAll { $0.key == "error.message" || $0.key == "error.type" }
        fields.append(("error.message", "\(error)"))
        fields.append(("error.type", "\(String(reflecting: type(of: error)))"))
      }
      fields.sort { $0.key < $1.key }
      line = textLine(event, fields: fields)
    case .json:
      fields.sort { $0.key < $1.key }
      line = jsonLine(event, fields: fields)
    }
    var stream = stream
    stream.write(line)
  }

  /// The line's own metadata, then the provider's, then the logger's, each key once: the line's wins over the
  /// provider's, which wins over the logger's, as in `StreamLogHandler`. Collected into one array rather than
  /// merged dictionaries: a line has a handful of entries, and merging copied and resized a dictionary for each.
  private func collectedFields(_ event: LogEvent) -> [Field] {
    let explicit = event.metadata ?? [:]
    let provided = metadataProvider?.get() ?? [:]
    var fields: [Field] = []
    fields.reserveCapacity(explicit.count + provided.count + metadata.count + 2)
    for entry in explicit { fields.append(entry) }
    for entry in provided where explicit[entry.key] == nil { fields.append(entry) }
    for entry in metadata where explicit[entry.key] == nil && provided[entry.key] == nil { fields.append(entry) }
    return fields
  }

  /// `StreamLogHandler`'s line.
  private func textLine(_ event: LogEvent, fields: [Field]) -> String {
    var line = ""
    line.reserveCapacity(256)
    line += Self.textTimestamp()
    line += " "
    line += event.level.rawValue
    if !label.isEmpty {
      line += " "
      line += label
    }
    line += ":"
    for field in fields {
      line += " "
      line += field.key
      line += "="
      if case .string(let text) = field.value { line += text } else { line += field.value.description }
    }
    line += " ["
    line += event.source
    line += "] "
    line += event.message.description
    line += "\n"
    return line
  }

  /// The last second formatted, and its text.
  private static let lastTextSecond = Mutex<(second: Int, text: String)>((-1, ""))

  /// Now, to the second, in local time, as `StreamLogHandler` writes it: `2026-11-24T08:03:11+0000`.
  static func textTimestamp() -> String {
    var now = time(nil)
    let second = Int(now)
    if let cached = lastTextSecond.withLock({ $0.second == second ? $0.text : nil }) { return cached }
    var parts = tm()
    guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
    var buffer = [Int8](repeating: 0, count: 64)
    strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
    let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    lastTextSecond.withLock { $0 = (second, text) }
    return text
  }
}
