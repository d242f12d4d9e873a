/// Writes one JSON object field by field, in the order given: the one way the server writes JSON. The
/// objects are small and of a fixed shape, on the hottest paths (a screen's state on every keystroke),
/// where `JSONEncoder`'s reflection cost more than the work they report.
struct JSONObjectWriter {
  private var body: String

  init() {
    body = "{"
    body.reserveCapacity(128)
  }

  var text: String { body + "}" }

  mutating func field(_ key: String, _ value: String) {
    appendKey(key)
    Self.appendQuoted(value, to: &body)
  }

  mutating func field(_ key: String, _ value: Int64) {
    appendKey(key)
    body += String(value)
  }

  mutating func field(_ key: String, _ value: Bool) {
    appendKey(key)
    body += value ? "true" : "false"
  }

  mutating func field(_ key: String, _ object: JSONObjectWriter) {
    field(key, rawJSON: object.text)
  }

  mutating func field(_ key: String, _ objects: [JSONObjectWriter]) {
    appendKey(key)
    body += "["
    for (offset, object) in objects.enumerated() {
      if offset > 0 { body += "," }
      body += object.text
    }
    body += "]"
  }

  /// `value` must already be JSON.
  mutating func field(_ key: String, rawJSON value: String) {
    appendKey(key)
    body += value
  }

  /// `null` when unknown, never left out: a client that finds a field missing may go and fetch it.
  mutating func field(_ key: String, _ value: String?) {
    guard let value else { return null(key) }
    field(key, value)
  }

  mutating func field(_ key: String, _ value: Int?) {
    guard let value else { return null(key) }
    field(key, Int64(value))
  }

  mutating func field(_ key: String, _ value: Int64?) {
    guard let value else { return null(key) }
    field(key, value)
  }

  mutating func field(_ key: String, _ value: Bool?) {
    guard let value else { return null(key) }
    field(key, value)
  }

  mutating func field(_ key: String, strings values: [String]) {
    appendKey(key)
    body += "["
    for (offset, value) in values.enumerated() {
      if offset > 0 { body += "," }
      Self.appendQuoted(value, to: &body)
    }
    body += "]"
  }

  mutating func null(_ key: String) {
    field(key, rawJSON: "null")
  }

  private mutating func appendKey(_ key: String) {
    if body.utf8.count > 1 { body += "," }
    Self.appendQuoted(key, to: &body)
    body += ":"
  }

  /// Appends `text` as a JSON string literal, escaped as RFC 8259 requires, and DEL and U+2028/U+2029
  /// too (JavaScript and some log readers take those for line ends). Every log line uses it as well.
  static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    // Most texts need no escaping: then they go in whole. 0xE2 leads U+2028 and U+2029 in UTF-8.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // All of the Basic Multilingual Plane, so four hex digits each.
      case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
