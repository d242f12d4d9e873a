import Foundation

/// ISO 8601 timestamps as GitHub writes them (`2011-01-25T18:44:36Z`), fractional seconds accepted.
enum ISO8601 {
  static func date(from text: String) -> Date? {
    if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }

  static func string(from date: Date) -> String {
    Date.ISO8601FormatStyle().format(date)
  }
}
