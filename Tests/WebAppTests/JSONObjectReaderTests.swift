import Foundation
import PropertyBased
import Testing
@testable import WebApp

/// Reading a JSON object in one pass: its syntax checked, a key written twice found (which the decoders
/// would silently read as one), and its top level's strings kept.
struct JSONObjectReaderTests {
  func read(_ json: String) -> JSONObjectReader.Object? {
    try? JSONObjectReader.read(json)
  }

  @Test func theTopLevelsStringsAndNullsAreKept() throws {
    let object = try #require(read(#"{"type": "query", "value": "sw\u0069ft \ud83d\ude80", "n": null, "x": [1]}"#))
    #expect(object.members == ["type": .string("query"), "value": .string("swift 🚀"), "n": .null, "x": .other])
    #expect(object.duplicateKey == nil)
  }

  @Test(arguments: [
    (#"{"a": 1, "a": 2}"#, "a"),
    (#"{"username": "x", "password": "y", "username": "z"}"#, "username"),
    (#"{"a": 1, "\u0061": 2}"#, "a"),
    (#"{"a": {"b": 1, "b": 2}}"#, "b"),
    (#"{"l": [{"k": 1}, {"k": 2, "k": 3}]}"#, "k"),
    (#"{"x": [1, {"y": 1}], "x": 0}"#, "x"),
    (#"{"\"q": 1, "\"q": 2}"#, "\"q"),
  ])
  func aRepeatedKeyIsFound(_ json: String, _ key: String) throws {
    #expect(try #require(read(json)).duplicateKey == key)
  }

  @Test(arguments: [
    #"{"a": 1, "b": {"a": 2}}"#,
    #"{"l": [{"a": 1}, {"a": 2}]}"#,
    #"{"a": "a", "b": "a"}"#,
    #"{"a": ["a", "a"]}"#,
    #"{"a": "}, \"a\": {"}"#,
    #"{}"#,
  ])
  func uniqueKeysAreNoDuplicate(_ json: String) throws {
    #expect(try #require(read(json)).duplicateKey == nil)
  }

  @Test(arguments: [
    "{", "}", "]]]]", #"{"a"#, #"{"a\"#, "\\", #"{"a":1,"a"#, "[[[[{{{{", #""a""#, "[]", "", "{} {}",
    #"{"a": 01}"#, #"{"a": 1.}"#, #"{"a": .5}"#, #"{"a": +1}"#, #"{"a": tru}"#, #"{"a": "\ud800"}"#,
    #"{"a": "\udc00"}"#, #"{"a": "\x"}"#, "{\"a\": \"\u{1}\"}", #"{"a": 1,}"#, #"{,}"#, #"{"a" 1}"#,
  ])
  func textThatIsNotAJSONObjectIsRefused(_ text: String) {
    #expect(read(text) == nil)
  }

  @Test func nestingDeeperThanTheLimitIsRefused() {
    let deep = String(repeating: #"{"a":"#, count: JSONObjectReader.maxDepth + 1) + "1"
      + String(repeating: "}", count: JSONObjectReader.maxDepth + 1)
    #expect(read(deep) == nil)
    let allowed = String(repeating: #"{"a":"#, count: JSONObjectReader.maxDepth) + "1"
      + String(repeating: "}", count: JSONObjectReader.maxDepth)
    #expect(read(allowed) != nil)
  }

  @Test func bytesThatAreNotUTF8AreRefusedNotRepaired() {
    #expect((try? JSONObjectReader.read(utf8: Array(#"{"a": "x"#.utf8) + [0xFF, 0x22, 0x7D])) == nil)
    #expect((try? JSONObjectReader.read(utf8: Array(#"{"a": "é"}"#.utf8)))?.members["a"] == .string("é"))
  }

  /// On any text the fuzz suite makes, the reader agrees with Foundation on what is a JSON object and on
  /// its top level's strings.
  @Test func itAgreesWithFoundationOnGeneratedTexts() async {
    await propertyCheck(count: 2_000, input: FuzzInput.generator { rng in
      FuzzInput.json(using: &rng, keys: ["type", "value"])
    }) { text in
      let foundation = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let ours = try? JSONObjectReader.read(text)
      // Foundation refuses numbers beyond a Double (1e400), which are valid JSON, and takes a comma before
      // a closing bracket (whitespace between them or not), which is not (RFC 8259): there the reader is the stricter, as it should be.
      if foundation == nil, ours != nil, text.contains("e400") || text.contains("E-400") { return }
      if foundation != nil, ours == nil, text.contains(/,[ \t\n\r]*[\]}]/) { return }
      #expect((foundation != nil) == (ours != nil), "for \(text.prefix(200).debugDescription)")
      // Foundation drops a byte order mark inside a string, which JSON keeps as a character.
      guard let foundation, let ours, ours.duplicateKey == nil, !text.unicodeScalars.contains("\u{FEFF}") else { return }
      for (key, value) in foundation {
        if let string = value as? String { #expect(ours.members[key] == .string(string)) }
      }
    }
  }
}
