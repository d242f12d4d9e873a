import Foundation

/// Writes one JSON object field by field, in the order the fields are given.
///
/// The one way the server writes JSON: the API's bodies and the live pages' messages are small
/// objects of a fixed shape on the hottest paths (a user, a screen's state on every keystroke), where
/// `JSONEncoder`'s reflection cost more than the work they report. Everything is appended to one
/// string, reserved up front.
///
/// ```swift
/// var object = JSONObjectWriter()
/// object.field("login", "octocat")
/// object.field("id", 1)
/// object.text  // {"login":"octocat","id":1}
/// ```
struct JSONObjectWriter {
  private var body: String

  init() {
    body = "{"
    body.reserveCapacity(128)
  }

  /// The object written so far, closed.
  var text: String { body + "}" }

  mutating func field(_ key: String, _ value: String) {
    appendKey(key)
    Self.appendQuoted(value, to: &body)
  }

  mutating func field(_ key: String, _ value: Int64) {
    appendKey(key)
    body += String(value)
  }

  /// A timestamp as GitHub writes it: ISO 8601 in UTC, to the second (`2011-01-25T18:44:36Z`).
  mutating func field(_ key: String, _ value: Date) {
    field(key, Self.timestamp(value))
  }

  mutating func field(_ key: String, _ value: Bool) {
    appendKey(key)
    body += value ? "true" : "false"
  }

  /// An object written by another writer.
  mutating func field(_ key: String, _ object: JSONObjectWriter) {
    field(key, rawJSON: object.text)
  }

  /// An array of objects, each written by another writer.
  mutating func field(_ key: String, _ objects: [JSONObjectWriter]) {
    appendKey(key)
    body += "["
    for (offset, object) in objects.enumerated() {
      if offset > 0 { body += "," }
      body += object.text
    }
    body += "]"
  }

  /// `value` must already be JSON: an array or object written by another writer.
  mutating func field(_ key: String, rawJSON value: String) {
    appendKey(key)
    body += value
  }

  /// `value`, or `null` for a field the server does not know (never left out: a client that finds a
  /// field missing may go and fetch it, where `null` is an answer).
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

  /// A finite number as JSON writes it (`1.0`); `null` for a NaN or infinity, which JSON cannot hold.
  mutating func field(_ key: String, _ value: Double) {
    guard value.isFinite else { return null(key) }
    field(key, rawJSON: String(value))
  }

  /// An array of strings, or `null`.
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

  /// `null`: a field the server does not know.
  mutating func null(_ key: String) {
    field(key, rawJSON: "null")
  }

  private mutating func appendKey(_ key: String) {
    if body.utf8.count > 1 { body += "," }
    Self.appendQuoted(key, to: &body)
    body += ":"
  }

  /// Appends `text` as a JSON string literal, escaped as RFC 8259 requires, with DEL and U+2028/U+2029
  /// escaped too (JavaScript and some log readers take those for line ends). Shared by the API's JSON
  /// and every log line (`ServerLogHandler.escaped`).
  static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    // Logins, messages and log values almost never need escaping: then the text goes in whole.
    // 0xE2 leads U+2028 and U+2029 in UTF-8.
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

  /// Appends `scalar`'s JSON escape if it is a control character or DEL (`\n`, `\r`, `\t`, else as
  /// `\u001b`), and says whether it did.
  static func appendEscapedControl(_ scalar: Unicode.Scalar, to output: inout String) -> Bool {
    switch scalar {
    case "\n": output += "\\n"
    case "\r": output += "\\r"
    case "\t": output += "\\t"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: appendUnicodeEscape(scalar, to: &output)
    default: return false
    }
    return true
  }

  /// Appends `scalar` (of the Basic Multilingual Plane) as `\uXXXX`.
  private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to output: inout String) {
    let hex = String(scalar.value, radix: 16)
    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }

  /// `date` in UTC as `yyyy-MM-ddTHH:mm:ssZ`, the second rounded down, like `JSONEncoder`'s
  /// `.iso8601` but without a calendar: the civil date comes from the day number by Howard
  /// Hinnant's `civil_from_days`. The calendar is the proleptic Gregorian one (Foundation switches to
  /// the Julian calendar before 15 October 1582); a year outside 0...9999 is written as it comes.
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
  /// The quotient rounded toward negative infinity and the remainder that goes with it (never negative
  /// for a positive divisor), so dates before 1970 land on the right day.
  fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
    return (quotient, self - quotient * divisor)
  }
}
