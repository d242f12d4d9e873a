/// Reads a JSON text whose top level is an object, in one pass: the whole text is checked against
/// RFC 8259, a key written twice in any object is found, and the top level's members are kept.
///
/// `JSONDecoder` keeps one value of a repeated key without a word, so `{"username": "a", "username": "b"}`
/// would sign up one of two names; one pass here both checks the syntax and finds the repeat.
///
/// **Limits:** nesting deeper than ``maxDepth`` is refused as not JSON; text that is not JSON is refused,
/// never trapped on.
enum JSONObjectReader {
  /// Strings and null are what the callers read.
  enum Value: Equatable, Sendable {
    case string(String)
    case null
    case other
  }

  struct Object: Equatable, Sendable {
    /// The top level's members; of a repeated key, the first value.
    var members: [String: Value] = [:]
    /// The first key written twice within one object, at any depth.
    var duplicateKey: String?
  }

  struct NotAnObject: Error, Equatable {}

  static let maxDepth = 32

  static func read(_ text: String) throws(NotAnObject) -> Object {
    var text = text
    return try text.withUTF8 { bytes in Result { () throws(NotAnObject) in try read(bytes) } }.get()
  }

  /// The bytes must be UTF-8, as RFC 8259 requires: nothing is repaired.
  static func read(utf8 bytes: some Collection<UInt8>) throws(NotAnObject) -> Object {
    guard let text = String(validating: bytes, as: UTF8.self) else { throw NotAnObject() }
    return try read(text)
  }

  private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(NotAnObject) -> Object {
    var parser = Parser(bytes: bytes)
    parser.skipWhitespace()
    guard parser.peek() == UInt8(ascii: "{") else { throw NotAnObject() }
    var object = Object()
    try parser.container(depth: 1, topLevel: &object)
    parser.skipWhitespace()
    guard parser.isAtEnd else { throw NotAnObject() }
    return object
  }

  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func expect(_ byte: UInt8) throws(NotAnObject) {
      guard peek() == byte else { throw NotAnObject() }
      index += 1
    }

    /// An object or an array, from its opening bracket; an object's members go to `topLevel` when it is
    /// the top level (depth 1).
    mutating func container(depth: Int, topLevel: inout Object) throws(NotAnObject) {
      guard depth <= JSONObjectReader.maxDepth, let open = peek() else { throw NotAnObject() }
      let isObject = open == UInt8(ascii: "{")
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      index += 1
      skipWhitespace()
      if peek() == close {
        index += 1
        return
      }
      var keys: Set<String> = []
      while true {
        skipWhitespace()
        var key: String?
        if isObject {
          let name = try string()
          if !keys.insert(name).inserted, topLevel.duplicateKey == nil { topLevel.duplicateKey = name }
          skipWhitespace()
          try expect(UInt8(ascii: ":"))
          skipWhitespace()
          key = name
        }
        let member = try value(depth: depth, topLevel: &topLevel)
        if depth == 1, let key, topLevel.members[key] == nil { topLevel.members[key] = member }
        skipWhitespace()
        guard let next = peek() else { throw NotAnObject() }
        index += 1
        if next == close { return }
        guard next == UInt8(ascii: ",") else { throw NotAnObject() }
      }
    }

    /// Any value; `depth` is the depth of the container it is in.
    mutating func value(depth: Int, topLevel: inout Object) throws(NotAnObject) -> Value {
      switch peek() {
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "{"), UInt8(ascii: "["): try container(depth: depth + 1, topLevel: &topLevel)
      case UInt8(ascii: "n"):
        try literal("null")
        return .null
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      default: try number()
      }
      return .other
    }

    mutating func literal(_ word: StaticString) throws(NotAnObject) {
      let count = word.utf8CodeUnitCount
      guard bytes.count - index >= count else { throw NotAnObject() }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw NotAnObject() }
      index += count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func number() throws(NotAnObject) {
      if peek() == UInt8(ascii: "-") { index += 1 }
      if peek() == UInt8(ascii: "0") {
        index += 1
      } else {
        try digits()
      }
      if peek() == UInt8(ascii: ".") {
        index += 1
        try digits()
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        index += 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
        try digits()
      }
    }

    mutating func digits() throws(NotAnObject) {
      let start = index
      while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
      guard index > start else { throw NotAnObject() }
    }

    mutating func string() throws(NotAnObject) -> String {
      try expect(UInt8(ascii: "\""))
      let start = index
      // Most strings have no escape: then their bytes are the text.
      while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
        guard byte >= 0x20 else { throw NotAnObject() }
        index += 1
      }
      guard let stop = peek() else { throw NotAnObject() }
      if stop == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
      }
      return try escapedString(from: start)
    }

    /// A string with escapes, whose text starts at `start`; the parser is at its first backslash.
    private mutating func escapedString(from start: Int) throws(NotAnObject) -> String {
      var scalars = String.UnicodeScalarView()
      var run = start
      func flush(upTo end: Int) {
        if end > run {
          scalars.append(
            contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<end]), as: UTF8.self).unicodeScalars)
        }
      }
      while let byte = peek() {
        switch byte {
        case UInt8(ascii: "\""):
          flush(upTo: index)
          index += 1
          return String(scalars)
        case UInt8(ascii: "\\"):
          flush(upTo: index)
          index += 1
          scalars.append(try escape())
          run = index
        case ..<0x20:
          throw NotAnObject()
        default:
          index += 1
        }
      }
      throw NotAnObject()
    }

    /// One escape after its backslash: `\n`, `\u0061`, or a surrogate pair `\ud83d\ude00`.
    private mutating func escape() throws(NotAnObject) -> Unicode.Scalar {
      guard let byte = peek() else { throw NotAnObject() }
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try hexUnit()
        switch unit {
        case 0xD800...0xDBFF:
          // A high surrogate must be followed by an escaped low one.
          try expect(UInt8(ascii: "\\"))
          try expect(UInt8(ascii: "u"))
          let low = try hexUnit()
          guard (0xDC00...0xDFFF).contains(low) else { throw NotAnObject() }
          let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          guard let scalar = Unicode.Scalar(value) else { throw NotAnObject() }
          return scalar
        case 0xDC00...0xDFFF:
          throw NotAnObject()
        default:
          guard let scalar = Unicode.Scalar(unit) else { throw NotAnObject() }
          return scalar
        }
      default:
        throw NotAnObject()
      }
    }

    private mutating func hexUnit() throws(NotAnObject) -> UInt16 {
      guard bytes.count - index >= 4 else { throw NotAnObject() }
      var unit: UInt16 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        index += 1
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw NotAnObject()
        }
        unit = unit << 4 | UInt16(digit)
      }
      return unit
    }
  }
}
