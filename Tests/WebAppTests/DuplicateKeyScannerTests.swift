import Testing
@testable import WebApp

/// Finding a key written twice in one JSON object, which the decoders would silently read as one.
struct DuplicateKeyScannerTests {
  func duplicate(_ json: String) -> String? {
    DuplicateKeyScanner.firstDuplicateKey(in: Array(json.utf8))
  }

  @Test(arguments: [
    (#"{"a": 1, "a": 2}"#, "a"),
    (#"{"username": "x", "password": "y", "username": "z"}"#, "username"),
    (#"{"a": 1, "\u0061": 2}"#, "a"),
    (#"{"a": {"b": 1, "b": 2}}"#, "b"),
    (#"[{"k": 1}, {"k": 2, "k": 3}]"#, "k"),
    (#"{"x": [1, {"y": 1}], "x": 0}"#, "x"),
    (#"{"\"q": 1, "\"q": 2}"#, "\"q"),
  ])
  func aRepeatedKeyIsFound(_ json: String, _ key: String) {
    #expect(duplicate(json) == key)
  }

  @Test(arguments: [
    #"{"a": 1, "b": {"a": 2}}"#,
    #"[{"a": 1}, {"a": 2}]"#,
    #"{"a": "a", "b": "a"}"#,
    #"{"a": ["a", "a"]}"#,
    #"{"a": "}, \"a\": {"}"#,
    #"{}"#,
    #""a""#,
  ])
  func uniqueKeysAreNoDuplicate(_ json: String) {
    #expect(duplicate(json) == nil)
  }

  @Test(arguments: ["{", "}", "]]]]", #"{"a"#, #"{"a\"#, "\\", #"{"a":1,"a"#, "[[[[{{{{"])
  func brokenTextEndsTheScanWithoutATrap(_ text: String) {
    _ = duplicate(text)
  }
}
