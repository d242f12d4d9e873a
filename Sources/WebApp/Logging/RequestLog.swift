/// The request log: one `info` line per request, rendered straight into a string and handed to the server's
/// ``LogWriter``, without swift-log in between.
///
/// The lines are the ones ``ServerLogHandler`` writes, in text or JSON, for the same
/// fields (tests compare them), but swift-log's machinery (a metadata dictionary built per request, merged
/// with the logger's, sorted, formatted value by value) was a tenth of the server CPU that
/// `GET /users/{name}` takes; this writes the five fields in their sorted order directly.
///
/// ```text
/// 2026-11-24T08:00:00+0000 info octoreact: duration_ms=0.41 hb.request.id=3 http.method=GET http.path=/users/octocat http.status=404 [WebApp] Request
/// ```
///
/// **Contract**: the server makes one only when its log level is `info` or lower (the level filter is the
/// caller's), for the logger `label` whose lines go to `writer`. The method and path must already be cut
/// to their limits (``RequestRecordMiddleware`` does it); control characters in them are escaped in both
/// formats (`\n`, `\u001b`), so a client cannot forge a line. Each line is one ``LogWriter/write(_:)``.
public struct RequestLog: Sendable {
  let label: String
  let format: LogLineFormat
  let writer: LogWriter

  /// A request log writing lines of the logger `label` in `format` to `writer`.
  public init(label: String, format: LogLineFormat, writer: LogWriter) {
    self.label = label
    self.format = format
    self.writer = writer
  }

  /// Writes the line of one request: `duration` in microseconds.
  func write(id: String?, method: String, path: String, status: Int, microseconds: Int64) {
    writer.write(line(id: id, method: method, path: path, status: status, microseconds: microseconds))
  }

  /// The line of one request, newline included.
  func line(id: String?, method: String, path: String, status: Int, microseconds: Int64) -> String {
    var line = ""
    line.reserveCapacity(160 + path.utf8.count)
    let duration = Self.milliseconds(microseconds)
    switch format {
    case .text:
      // As ServerLogHandler writes text: the keys in sorted order.
      line += ServerLogHandler.textTimestamp()
      line += " info"
      if !label.isEmpty {
        line += " "
        line += label
      }
      line += ": duration_ms="
      line += duration
      if let id {
        line += " hb.request.id="
        Self.appendEscaped(id, to: &line)
      }
      line += " http.method="
      Self.appendEscaped(method, to: &line)
      line += " http.path="
      Self.appendEscaped(path, to: &line)
      line += " http.status="
      line += String(status)
      line += " [WebApp] Request\n"
    case .json:
      // As ServerLogHandler writes JSON: its own fields, then the metadata keys in sorted order.
      line += "{\"time\":\""
      line += ServerLogHandler.jsonTimestamp()
      line += "\",\"level\":\"info\",\"label\":"
      JSONObjectWriter.appendQuoted(label, to: &line)
      line += ",\"message\":\"Request\",\"source\":\"WebApp\",\"duration_ms\":\""
      line += duration
      if let id {
        line += "\",\"hb.request.id\":"
        JSONObjectWriter.appendQuoted(id, to: &line)
        line += ",\"http.method\":"
      } else {
        line += "\",\"http.method\":"
      }
      JSONObjectWriter.appendQuoted(method, to: &line)
      line += ",\"http.path\":"
      JSONObjectWriter.appendQuoted(path, to: &line)
      line += ",\"http.status\":\""
      line += String(status)
      line += "\"}\n"
    }
    return line
  }

  /// `microseconds` as milliseconds with two decimals, such as `0.41` or `1250.00`.
  static func milliseconds(_ microseconds: Int64) -> String {
    let hundredths = (microseconds + 5) / 10
    let fraction = hundredths % 100
    return String(hundredths / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
  }

  /// Appends `text` with its control characters (and DEL) escaped as in JSON (`\n`, `\u001b`): the
  /// text handler's values are unquoted, so an unescaped newline from a client would start a forged line.
  static func appendEscaped(_ text: String, to output: inout String) {
    // Almost every path has none: then it goes in whole. Scanned as contiguous bytes (a native or small string
    // always has them): walking the UTF-8 view took about twice as long (profile of GET /users/{name}).
    let isControl = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
    let hasControl = text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isControl) }
    guard hasControl ?? text.utf8.contains(where: isControl) else {
      output += text
      return
    }
    for scalar in text.unicodeScalars {
      if !JSONObjectWriter.appendEscapedControl(scalar, to: &output) { output.unicodeScalars.append(scalar) }
    }
  }
}
