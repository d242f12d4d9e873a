import Foundation

/// Writes one JSON object field by field, in the order the fields are given.
///
/// For the API's small bodies of a fixed shape (a user, an error), which are on the hottest routes:
/// `JSONEncoder` spent more time on `GET /users/{name}`'s four fields than the lookup did.
///
/// ```swift
/// var object = JSONObjectWriter()
/// object.field("login", "octocat")
/// object.field("id", 1)
/// object.text  // {"login":"octocat","id":1}
/// ```
struct JSONObjectWriter {
  private var body = ""

  /// The object written so far, closed.
  var text: String { "{\(body)}" }

  mutating func field(_ key: String, _ value: String) {
    field(key, rawJSON: Self.quoted(value))
  }

  mutating func field(_ key: String, _ value: Int64) {
    field(key, rawJSON: String(value))
  }

  /// A timestamp as GitHub writes it: ISO 8601 in UTC, to the second (`2011-01-25T18:44:36Z`).
  mutating func field(_ key: String, _ value: Date) {
    field(key, Self.timestamp(value))
  }

  /// `value` must already be JSON: an array or object written by another writer.
  mutating func field(_ key: String, rawJSON value: String) {
    if !body.isEmpty { body += "," }
    body += Self.quoted(key)
    body += ":"
    body += value
  }

  /// `text` as a JSON string literal, escaped as RFC 8259 requires.
  static func quoted(_ text: String) -> String {
    // Logins and messages almost never need escaping: skip the scalar-by-scalar copy then.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `date` in UTC as `yyyy-MM-ddTHH:mm:ssZ`, the second rounded down, like `JSONEncoder`'s
  /// `.iso8601` but without a calendar: the civil date comes from the day number by Howard
  /// Hinnant's `civil_from_days`.
  static func timestamp(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let (days, secondOfDay) = seconds.floorDividedBy(86_400)
    let (year, month, day) = civilDate(daysSince1970: days)
    var text = [UInt8]()
    text.reserveCapacity(20)
    func digits(_ value: Int64, _ width: Int) {
      var divisor: Int64 = 1
      for _ in 1..<width { divisor *= 10 }
      var value = value
      guard (0..<divisor * 10).contains(value) else {  // a year outside 0...9999: as it comes
        text += Array(String(value).utf8)
        return
      }
      for _ in 0..<width {
        text.append(UInt8(ascii: "0") + UInt8(value / divisor))
        value %= divisor
        divisor /= 10
      }
    }
    let parts: [(value: Int64, width: Int, separator: Character)] = [
      (year, 4, "-"), (month, 2, "-"), (day, 2, "T"),
      (secondOfDay / 3_600, 2, ":"), (secondOfDay / 60 % 60, 2, ":"), (secondOfDay % 60, 2, "Z"),
    ]
    for part in parts {
      digits(part.value, part.width)
      text.append(part.separator.asciiValue!)
    }
    return String(decoding: text, as: UTF8.self)
  }

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
