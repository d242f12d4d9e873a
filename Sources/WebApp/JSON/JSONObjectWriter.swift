import Foundation

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

  mutating func field(_ key: String, _ value: Date) {
    field(key, Self.timestamp(value))
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

  /// `null` for a NaN or infinity, which JSON cannot hold.
  mutating func field(_ key: String, _ value: Double) {
    guard value.isFinite else { return null(key) }
    field(key, rawJSON: String(value))
  }

  mutating func field(_ key: String, strings values: [String]?) {
    guard let values else { return null(key) }
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
      case "\u{2028}", "\u{2029}": appendUnicodeEscape(scalar, to: &output)
      default: if !appendEscapedControl(scalar, to: &output) { output.unicodeScalars.append(scalar) }
      }
    }
    output += "\""
  }

  /// Appends `scalar`'s escape if it is a control character or DEL, and says whether it did.
  private static func appendEscapedControl(_ scalar: Unicode.Scalar, to output: inout String) -> Bool {
    switch scalar {
    case "\n": output += "\\n"
    case "\r": output += "\\r"
    case "\t": output += "\\t"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: appendUnicodeEscape(scalar, to: &output)
    default: return false
    }
    return true
  }

  /// `scalar` must be of the Basic Multilingual Plane.
  private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to output: inout String) {
    let hex = String(scalar.value, radix: 16)
    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }

  /// `date` in UTC as GitHub writes it, `yyyy-MM-ddTHH:mm:ssZ`, without a calendar: the civil date is
  /// Howard Hinnant's `civil_from_days`, in the proleptic Gregorian calendar (Foundation switches to
  /// the Julian one before 1582).
  static func timestamp(_ date: Date) -> String {
    guard let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down)) else {
      return date.formatted(.iso8601)  // not a finite date in Int64 seconds: Foundation's own text
    }
    let (days, secondOfDay) = seconds.floorDividedBy(86_400)
    let (year, month, day) = civilDate(daysSince1970: days)
    let time = (hour: secondOfDay / 3_600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    guard (0...9_999).contains(year) else {
      return "\(year)-\(twoDigits(month))-\(twoDigits(day))T"
        + "\(twoDigits(time.hour)):\(twoDigits(time.minute)):\(twoDigits(time.second))Z"
    }
    return String(unsafeUninitializedCapacity: 20) { bytes in
      var position = 0
      func put(_ value: Int64, width: Int, then separator: UInt8) {
        var value = value
        for offset in (0..<width).reversed() {
          bytes[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        bytes[position + width] = separator
        position += width + 1
      }
      put(year, width: 4, then: UInt8(ascii: "-"))
      put(month, width: 2, then: UInt8(ascii: "-"))
      put(day, width: 2, then: UInt8(ascii: "T"))
      put(time.hour, width: 2, then: UInt8(ascii: ":"))
      put(time.minute, width: 2, then: UInt8(ascii: ":"))
      put(time.second, width: 2, then: UInt8(ascii: "Z"))
      return position
    }
  }

  private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}

extension Int64 {
  /// Rounded toward negative infinity, so dates before 1970 land on the right day.
  fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
    return (quotient, self - quotient * divisor)
  }
}
