import Foundation

/// An instant as GitHub writes it, `2011-01-25T18:44:36Z` (UTC, whole seconds), and its day, `2011-01-25`:
/// the one way the server writes and reads dates, in the API's bodies, the live screens and the pages.
///
/// The calendar is the proleptic Gregorian one, computed by hand (Howard Hinnant's `civil_from_days` and
/// `days_from_civil`), so that writing and reading are exact inverses for every date: Foundation's
/// formatters switch to the Julian calendar before 1582. Writing is on the path of every user body.
enum Timestamp {
  /// `date` in UTC, rounded down to the second. A year outside 0…9999 is written whole (`10000-01-01…`).
  static func string(from date: Date) -> String {
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

  /// The day of `date` in UTC: the same for every reader, as the API's `created_at`.
  static func day(of date: Date) -> String {
    String(string(from: date).prefix { $0 != "T" })
  }

  /// The instant `text` names when it is written as GitHub writes them (four-digit year, `Z`); nil for any
  /// other text, a day or time that does not exist (`2011-02-30`, `25:00`) included.
  static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
    guard bytes.count == pattern.count else { return nil }
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    for (byte, expected) in zip(bytes, pattern) {
      guard expected == UInt8(ascii: "d") ? digits.contains(byte) : byte == expected else { return nil }
    }
    func number(at start: Int, width: Int) -> Int64 {
      bytes[start..<start + width].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }
    let (year, month, day) = (number(at: 0, width: 4), number(at: 5, width: 2), number(at: 8, width: 2))
    let time = number(at: 11, width: 2) * 3_600 + number(at: 14, width: 2) * 60 + number(at: 17, width: 2)
    let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + time
    let date = Date(timeIntervalSince1970: TimeInterval(seconds))
    // A field out of its range (month 13, second 60) lands on another instant, written otherwise.
    return string(from: date) == text ? date : nil
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

  /// The inverse of ``civilDate(daysSince1970:)`` for a year of 0…9999.
  private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let marchYear = month <= 2 ? year - 1 : year
    let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension Int64 {
  /// Rounded toward negative infinity, so dates before 1970 land on the right day.
  fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
    return (quotient, self - quotient * divisor)
  }
}
