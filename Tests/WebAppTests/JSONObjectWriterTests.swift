import Foundation
import Testing
@testable import WebApp

/// The hand-written JSON of the API's small bodies reads back as what was written, and its
/// timestamps are `JSONEncoder`'s `.iso8601`.
struct JSONObjectWriterTests {
  @Test func fieldsReadBackInTheirOrderAndTypes() throws {
    var object = JSONObjectWriter()
    object.field("login", "octocat")
    object.field("id", Int64(583_231))
    object.field("errors", rawJSON: "[]")
    #expect(object.text == #"{"login":"octocat","id":583231,"errors":[]}"#)
  }

  @Test(arguments: ["plain", "quote \" and backslash \\", "line\nbreak\ttab\r", "\u{0}\u{1F}", "中文 ✓ 🚀", ""])
  func stringsAreEscapedSoAnyTextReadsBack(_ text: String) throws {
    var object = JSONObjectWriter()
    object.field("message", text)
    let parsed = try JSONSerialization.jsonObject(with: Data(object.text.utf8)) as? [String: String]
    #expect(parsed == ["message": text])
  }

  @Test func timestampsMatchFoundationsISO8601() throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    var generator = SystemRandomNumberGenerator()
    let fixed: [TimeInterval] = [
      0, -1, -86_400, 951_782_400, 1_296_000_276.25, 4_102_444_799.999, -2_208_988_800,
      -12_219_292_800, Date.distantFuture.timeIntervalSince1970,  // the Gregorian calendar's first day
    ]
    let random = (0..<2_000).map { _ in TimeInterval(Int64.random(in: -5_000_000_000...5_000_000_000, using: &generator)) / 7 }
    for seconds in fixed + random {
      let date = Date(timeIntervalSince1970: seconds)
      let expected = try #require(String(data: try encoder.encode([date]), encoding: .utf8))
      #expect(#"[""# + JSONObjectWriter.timestamp(date) + #""]"# == expected, "at \(seconds) s")
    }
  }

  @Test func yearsOutsideFourDigitsAreWrittenWhole() {
    #expect(JSONObjectWriter.timestamp(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00Z")
    #expect(JSONObjectWriter.timestamp(Date(timeIntervalSince1970: -62_198_755_200)) == "-1-01-01T00:00:00Z")
  }
}
