import Foundation
import Testing
@testable import WebApp

/// The hand-written JSON of the API's small bodies reads back as what was written.
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
}
