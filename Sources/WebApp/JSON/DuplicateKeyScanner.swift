import Foundation

/// Finds a key that appears twice in one object of a JSON text.
///
/// `JSONDecoder` and `JSONSerialization` keep one value of a repeated key without a word, so
/// `{"username": "a", "username": "b"}` would sign up one of two names; the API and the live pages refuse
/// such a text instead, after it decoded. For example:
///
/// ```swift
/// DuplicateKeyScanner.firstDuplicateKey(in: Array(#"{"a": 1, "b": {"a": 2}}"#.utf8))  // nil
/// DuplicateKeyScanner.firstDuplicateKey(in: Array(#"{"a": 1, "\u0061": 2}"#.utf8))     // "a"
/// ```
///
/// **Limits:** one pass over the bytes, one set of keys per open object; the texts it reads are bounded
/// (request bodies 16 KiB, live messages 4 KiB). On text that is not JSON it stops quietly, never traps:
/// the decoder says what is wrong with it.
enum DuplicateKeyScanner {
  private struct Container {
    let isObject: Bool
    var expectsKey: Bool
    var keys: Set<String> = []
  }

  /// The first key repeated within one object, with its escapes decoded; nil when every key is unique.
  static func firstDuplicateKey(in bytes: some Collection<UInt8>) -> String? {
    var containers: [Container] = []
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      bytes.formIndex(after: &index)
      switch byte {
      case UInt8(ascii: "{"):
        containers.append(Container(isObject: true, expectsKey: true))
      case UInt8(ascii: "["):
        containers.append(Container(isObject: false, expectsKey: false))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = containers.popLast()
      case UInt8(ascii: ","):
        if containers.last?.isObject == true { containers[containers.count - 1].expectsKey = true }
      case UInt8(ascii: "\""):
        let start = index
        var hasEscape = false
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\") {
            hasEscape = true
            bytes.formIndex(after: &index)
            if index == bytes.endIndex { break }
          }
          bytes.formIndex(after: &index)
        }
        let raw = bytes[start..<index]
        if index != bytes.endIndex { bytes.formIndex(after: &index) }  // the closing quote
        guard let last = containers.indices.last, containers[last].expectsKey else { continue }
        let key = hasEscape ? unescaped(raw) : String(decoding: raw, as: UTF8.self)
        guard containers[last].keys.insert(key).inserted else { return key }
        containers[last].expectsKey = false
      default:
        continue
      }
    }
    return nil
  }

  /// A string's content with its escapes (`\n`, `\u0061`, surrogate pairs) decoded by Foundation.
  private static func unescaped(_ raw: some Collection<UInt8>) -> String {
    let literal = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
    return (try? JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String)
      ?? String(decoding: raw, as: UTF8.self)
  }
}
