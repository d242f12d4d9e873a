/// Finds the repository objects of a JSON document without decoding it whole, so that one broken
/// item is skipped with its line number instead of failing the file.
///
/// The document is either an array of objects, or an object whose `items` member is one (a
/// GitHub search response). The scanner only matches brackets and strings; each element is then
/// decoded on its own.
struct JSONDocumentScanner {
  struct Element {
    var range: Range<Int>
    /// The line where the element starts, from 1.
    var line: Int
  }

  struct Failure: Error {
    var line: Int
    var message: String
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var line = 1

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The elements of the document's repository array, and the problem that stopped the scan,
  /// if any (elements before it are still returned). `lines` is the number of lines read.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (elements: [Element], failure: Failure?, lines: Int) {
    var scanner = JSONDocumentScanner(bytes: bytes)
    var elements: [Element] = []
    let failure: Failure?
    do {
      try scanner.scanDocument(into: &elements)
      failure = nil
    } catch {
      failure = error
    }
    return (elements, failure, scanner.line)
  }

  private mutating func scanDocument(into elements: inout [Element]) throws(Failure) {
    skipWhitespace()
    if position < bytes.count, bytes[position] == 0xEF { position += 3 }  // UTF-8 BOM
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: "["):
      try scanArray(into: &elements)
    case UInt8(ascii: "{"):
      position += 1
      var foundItems = false
      skipWhitespace()
      if peek() == UInt8(ascii: "}") {
        position += 1
      } else {
        while true {
          skipWhitespace()
          let keyStart = position
          try skipString()
          let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<position]), as: UTF8.self)
          skipWhitespace()
          try expect(UInt8(ascii: ":"))
          skipWhitespace()
          if key == "\"items\"" {
            guard peek() == UInt8(ascii: "[") else { throw fail("“items” is not an array") }
            try scanArray(into: &elements)
            foundItems = true
          } else {
            try skipValue()
          }
          skipWhitespace()
          if peek() == UInt8(ascii: ",") {
            position += 1
            continue
          }
          try expect(UInt8(ascii: "}"))
          break
        }
      }
      guard foundItems else { throw fail("a JSON object must be a GitHub search response with an “items” array") }
    default:
      throw fail("expected a JSON array or a search response object")
    }
    skipWhitespace()
    guard position == bytes.count else { throw fail("unexpected text after the JSON document") }
  }

  private mutating func scanArray(into elements: inout [Element]) throws(Failure) {
    try expect(UInt8(ascii: "["))
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      let start = position
      let startLine = line
      try skipValue()
      elements.append(Element(range: start..<position, line: startLine))
      skipWhitespace()
      if peek() == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(UInt8(ascii: "]"))
      return
    }
  }

  /// Skips any JSON value: a string, a balanced object or array, or a bare word (number, true…).
  private mutating func skipValue() throws(Failure) {
    guard let first = peek() else { throw fail("unexpected end of the file") }
    switch first {
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      let startLine = line
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\""):
          try skipString()
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
        case UInt8(ascii: "\n"):
          line += 1
        default:
          break
        }
        position += 1
        if depth == 0 { return }
      }
      throw Failure(line: startLine, message: "this value is not closed before the end of the file")
    default:
      let start = position
      while position < bytes.count, !Self.endsBareWord(bytes[position]) { position += 1 }
      guard position > start else { throw fail("unexpected “\(Character(Unicode.Scalar(first)))”") }
    }
  }

  private mutating func skipString() throws(Failure) {
    let startLine = line
    guard peek() == UInt8(ascii: "\"") else { throw fail("expected a string") }
    position += 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""):
        position += 1
        return
      case UInt8(ascii: "\n"):
        throw fail("a string is not closed on its line")
      default: position += 1
      }
    }
    throw Failure(line: startLine, message: "a string is not closed before the end of the file")
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\n"): line += 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
      default: return
      }
      position += 1
    }
  }

  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard peek() == byte else {
      guard let found = peek() else { throw fail("unexpected end of the file") }
      throw fail("expected “\(Character(Unicode.Scalar(byte)))”, found “\(Character(Unicode.Scalar(found)))”")
    }
    position += 1
  }

  private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

  private func fail(_ message: String) -> Failure { Failure(line: line, message: message) }

  private static func endsBareWord(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
      UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
      true
    default: false
    }
  }
}
