import Foundation
import Testing
@testable import WebApp

/// The server's one date format writes what `JSONEncoder`'s `.iso8601` writes, and reads back exactly what
/// it wrote, in every year of four digits.
struct TimestampTests {
  /// Instants from the Gregorian calendar's first day (1582-10-15, where Foundation's begins) to the end of
  /// 9999, with fractions of seconds.
  private static func randomSeconds(_ count: Int) -> [TimeInterval] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in
      TimeInterval(Int64.random(in: -12_219_292_800 * 7...253_402_300_799 * 7, using: &generator)) / 7
    }
  }

  @Test func instantsAreWrittenAsFoundationsISO8601() throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let fixed: [TimeInterval] = [
      0, -1, -86_400, 951_782_400, 1_296_000_276.25, 4_102_444_799.999, -2_208_988_800,
      -12_219_292_800, Date.distantFuture.timeIntervalSince1970,  // the Gregorian calendar's first day
    ]
    for seconds in fixed + Self.randomSeconds(2_000) {
      let date = Date(timeIntervalSince1970: seconds)
      let expected = try #require(String(data: try encoder.encode([date]), encoding: .utf8))
      #expect(#"[""# + Timestamp.string(from: date) + #""]"# == expected, "at \(seconds) s")
    }
  }

  @Test func yearsOutsideFourDigitsAreWrittenWhole() {
    #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
    #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_198_755_200)) == "-1-01-01T00:00:00Z")
  }

  @Test func theDayIsTheInstantsDateInUTC() {
    #expect(Timestamp.day(of: Date(timeIntervalSince1970: 1_295_981_076)) == "2011-01-25")
    #expect(Timestamp.day(of: Date(timeIntervalSince1970: -1)) == "1969-12-31")
    for seconds in Self.randomSeconds(500) {
      let date = Date(timeIntervalSince1970: seconds)
      let foundation = ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
      #expect(Timestamp.day(of: date) == foundation, "at \(seconds) s")
    }
  }

  @Test func githubsFormIsReadAsFoundationReadsIt() throws {
    let text = "2011-01-25T18:44:36Z"
    #expect(Timestamp.date(from: text) == Date(timeIntervalSince1970: 1_295_981_076))
    for seconds in Self.randomSeconds(500) {
      let written = Timestamp.string(from: Date(timeIntervalSince1970: seconds))
      #expect(Timestamp.date(from: written) == (try Date(written, strategy: .iso8601)), "\(written)")
    }
  }

  /// Before 1582 too, where Foundation's calendar is the Julian one.
  @Test func whatIsWrittenReadsBackToTheSecond() {
    var generator = SystemRandomNumberGenerator()
    let firstSecond: Int64 = -62_167_219_200  // 0000-01-01T00:00:00Z
    let lastSecond: Int64 = 253_402_300_799  // 9999-12-31T23:59:59Z
    let seconds = [firstSecond, lastSecond, 0, -1, 951_782_400]
      + (0..<2_000).map { _ in Int64.random(in: firstSecond...lastSecond, using: &generator) }
    for second in seconds {
      let date = Date(timeIntervalSince1970: TimeInterval(second))
      #expect(Timestamp.date(from: Timestamp.string(from: date)) == date, "at \(second) s")
    }
  }

  @Test(arguments: [
    "", "2011-01-25", "2011-01-25T18:44:36", "2011-01-25T18:44:36.5Z", "2011-01-25T18:44:36+01:00",
    "2011-01-25 18:44:36Z", "2011-01-25t18:44:36z", "２０１１-01-25T18:44:36Z", "10000-01-01T00:00:00Z",
    "2011-02-29T00:00:00Z", "2011-04-31T00:00:00Z", "2011-13-01T00:00:00Z", "2011-00-10T00:00:00Z",
    "2011-01-00T00:00:00Z", "2011-01-25T24:00:00Z", "2011-01-25T18:60:00Z", "2011-01-25T18:44:60Z",
  ])
  func anyOtherTextIsNoInstant(_ text: String) {
    #expect(Timestamp.date(from: text) == nil)
  }
}
