internal import Foundation
internal import GRDB

/// A user's query made safe for FTS5: the words the index's own tokenizer finds in it, each
/// quoted as an FTS5 string, the last one matched as a prefix.
///
/// `swift-nio AND "x` becomes `"swift" "nio" "and" "x"*`: punctuation separates words as it does
/// in indexed text, and operators are plain words, so no query is a syntax error.
struct SearchQuery {
  /// The query without surrounding white space.
  let text: String
  /// Folded words (lower case, no diacritics), in order.
  let terms: [String]

  init(text: String, tokenizer: any FTS5Tokenizer) throws {
    self.text = text
    terms = try tokenizer.tokenize(query: text).map(\.token)
  }

  /// The FTS5 MATCH expression, or nil when the query has no word.
  var matchExpression: String? {
    terms.isEmpty ? nil : Self.matchExpression(for: terms)
  }

  /// `"term" "term"*`: every term quoted as an FTS5 string, the last one as a prefix.
  static func matchExpression(for terms: [String]) -> String {
    terms.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ") + "*"
  }

  /// The column a name-shaped query is compared with for exact and prefix matches: `name` for
  /// `swift-nio`, `full_name` for `apple/swift-n`, nil for anything a name cannot be.
  var nameColumn: String? {
    var slashes = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "/"): slashes += 1
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        continue
      default: return nil
      }
    }
    switch slashes {
    case 0: return "name"
    case 1: return "full_name"
    default: return nil
    }
  }
}
