import Foundation

/// The translation catalogues as their source writes them: every `pick(english, chinese)` call of every
/// file under `Sources/`, with the string literals of each language.
///
/// Read from the source, not from a list kept by hand, so a text added to any catalogue (or a new
/// catalogue) is checked without anyone remembering to add it to a test.
struct CatalogueSource {
  /// One `pick` call: where it is, and the literals of its English and its Chinese argument (an
  /// interpolation `\(…)` reads as `{}`).
  struct Pick: CustomStringConvertible {
    let file: String
    let line: Int
    let english: [String]
    let chinese: [String]
    var description: String { "\(file):\(line)" }
  }

  /// The package's `Sources` folder, found from this file's path.
  static let sourcesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The catalogue files: every Swift file under `Sources/` that calls or defines `pick(`.
  static func catalogueFiles() throws -> [URL] {
    let files =
      FileManager.default.enumerator(at: sourcesFolder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return try files.filter { try String(contentsOf: $0, encoding: .utf8).contains("pick(") }
      .sorted { $0.path < $1.path }
  }

  /// Every `pick` call in `text`: two arguments, or two labelled tuples of two (`pick(github: (en, zh),
  /// thisServer: (en, zh))`), each pair split into its English and its Chinese side.
  static func picks(in text: String, file: String) -> [Pick] {
    let characters = Array(text)
    var picks: [Pick] = []
    var index = 0
    while let start = find("pick(", in: characters, from: index) {
      index = start + 5
      // Not the definition (`func pick(`).
      let before = String(characters[max(0, start - 5)..<start])
      if before.hasSuffix("func ") { continue }
      let line = characters[..<start].filter { $0 == "\n" }.count + 1
      let arguments = splitArguments(characters, openParen: start + 4)
      for pair in pairs(arguments) {
        let pick = Pick(file: file, line: line, english: literals(in: pair.0), chinese: literals(in: pair.1))
        // A helper that forwards its arguments (`pick(texts.0, texts.1)`) has no texts of its own.
        if pick.english.isEmpty && pick.chinese.isEmpty && !pair.0.isEmpty && !pair.1.isEmpty { continue }
        picks.append(pick)
      }
    }
    return picks
  }

  // MARK: - A small Swift lexer: enough for string literals, interpolations and parentheses

  private static func find(_ needle: String, in characters: [Character], from start: Int) -> Int? {
    let needle = Array(needle)
    guard characters.count >= needle.count, start <= characters.count - needle.count else { return nil }
    for index in start...(characters.count - needle.count)
    where Array(characters[index..<index + needle.count]) == needle {
      return index
    }
    return nil
  }

  /// The top-level arguments of the call whose `(` is at `openParen`, as source text.
  private static func splitArguments(_ characters: [Character], openParen: Int) -> [[Character]] {
    var arguments: [[Character]] = [[]]
    var depth = 0
    var index = openParen
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        let end = endOfLiteral(characters, at: index)
        arguments[arguments.count - 1].append(contentsOf: characters[index..<end])
        index = end
        continue
      }
      if character == "(" {
        depth += 1
        if depth == 1 {
          index += 1
          continue
        }
      } else if character == ")" {
        depth -= 1
        if depth == 0 { break }
      } else if character == ",", depth == 1 {
        arguments.append([])
        index += 1
        continue
      }
      arguments[arguments.count - 1].append(character)
      index += 1
    }
    return arguments
  }

  /// (English, Chinese) argument pairs: the two arguments, or the two elements of each labelled tuple.
  private static func pairs(_ arguments: [[Character]]) -> [([Character], [Character])] {
    // A trailing comma leaves an empty last argument.
    let arguments = arguments.filter { !String($0).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    let labelledTuple = /^\s*\w+:\s*\(/
    guard arguments.contains(where: { String($0).contains(labelledTuple) }) else {
      // Anything but two arguments is reported as a text without its Chinese side.
      return arguments.count == 2 ? [(arguments[0], arguments[1])] : [(arguments.flatMap { $0 }, [])]
    }
    return arguments.compactMap { argument in
      guard let open = argument.firstIndex(of: "(") else { return nil }
      let elements = splitArguments(argument, openParen: open)
      return elements.count == 2 ? (elements[0], elements[1]) : nil
    }
  }

  /// The index just past the string literal that starts at `start` (`"…"` or `"""…"""`).
  private static func endOfLiteral(_ characters: [Character], at start: Int) -> Int {
    let multiline = characters.count > start + 2 && characters[start + 1] == "\"" && characters[start + 2] == "\""
    var index = start + (multiline ? 3 : 1)
    while index < characters.count {
      switch characters[index] {
      case "\\" where index + 1 < characters.count && characters[index + 1] == "(":
        index = endOfInterpolation(characters, at: index + 1)
      case "\\":
        index += 2
      case "\"":
        if !multiline { return index + 1 }
        if index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\"" {
          return index + 3
        }
        index += 1
      default:
        index += 1
      }
    }
    return index
  }

  /// The index just past the `)` that closes the interpolation whose `(` is at `open`.
  private static func endOfInterpolation(_ characters: [Character], at open: Int) -> Int {
    var depth = 0
    var index = open
    while index < characters.count {
      switch characters[index] {
      case "\"":
        index = endOfLiteral(characters, at: index)
        continue
      case "(": depth += 1
      case ")":
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      index += 1
    }
    return index
  }

  /// The string literals of an argument's source, outside interpolations, with each interpolation as `{}`.
  static func literals(in source: [Character]) -> [String] {
    var literals: [String] = []
    var index = 0
    while index < source.count {
      guard source[index] == "\"" else {
        index += 1
        continue
      }
      let end = endOfLiteral(source, at: index)
      literals.append(content(of: Array(source[index..<end])))
      index = end
    }
    return literals
  }

  private static func content(of literal: [Character]) -> String {
    let quotes = literal.starts(with: Array("\"\"\"")) ? 3 : 1
    let inner = Array(literal.dropFirst(quotes).dropLast(quotes))
    var text = ""
    var index = 0
    while index < inner.count {
      if inner[index] == "\\", index + 1 < inner.count {
        if inner[index + 1] == "(" {
          text += "{}"
          index = endOfInterpolation(inner, at: index + 1)
          continue
        }
        if inner[index + 1] == "\n" {  // a multi-line literal's line continuation, and the next line's indent
          index += 2
          while index < inner.count && inner[index] == " " { index += 1 }
          continue
        }
        text.append(inner[index + 1] == "n" ? "\n" : inner[index + 1])
        index += 2
        continue
      }
      text.append(inner[index])
      index += 1
    }
    guard quotes == 3 else { return text }
    // A multi-line literal: its lines without their indentation, nor the lines of its delimiters.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
    return lines.dropFirst().dropLast().joined(separator: "\n")
  }
}

extension String {
  /// Whether the text has a Han character (CJK Unified Ideographs, and extension A).
  var hasHan: Bool { unicodeScalars.contains(where: \.isHan) }

  /// Whether the text is written for Chinese readers: a Han character, or Chinese punctuation (CJK symbols
  /// and punctuation, full-width forms) such as a text that only joins others with `。`.
  var isChinese: Bool {
    unicodeScalars.contains { $0.isHan || (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
  }

  /// The ASCII `,` `.` `:` `?` `!` `(` `)` that touch a Han character: Chinese punctuation written half-width.
  /// A parenthesis counts a space apart too (`字节 (UTF-8)`); the others do not, as code such as `stars:` may
  /// stand before a space in a Chinese sentence.
  var halfWidthPunctuationNextToHan: [String] {
    let scalars = Array(unicodeScalars)
    func han(at index: Int) -> Bool { scalars.indices.contains(index) && scalars[index].isHan }
    func space(at index: Int) -> Bool { scalars.indices.contains(index) && scalars[index] == " " }
    var found: [String] = []
    for (index, scalar) in scalars.enumerated() where ",.:?!()".unicodeScalars.contains(scalar) {
      let parenthesis = scalar == "(" || scalar == ")"
      let before = han(at: index - 1) || (parenthesis && space(at: index - 1) && han(at: index - 2))
      let after = han(at: index + 1) || (parenthesis && space(at: index + 1) && han(at: index + 2))
      if before || after {
        let from = max(0, index - 3)
        let to = min(scalars.count, index + 4)
        found.append(String(String.UnicodeScalarView(scalars[from..<to])))
      }
    }
    return found
  }
}

extension Unicode.Scalar {
  fileprivate var isHan: Bool { (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) }
}
