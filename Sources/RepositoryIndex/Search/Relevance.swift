internal import GRDB

/// The bm25 relevance of a repository to the query's words, computed in Swift on rows that
/// search fetches anyway.
///
/// The index keeps no document lengths (`columnsize=0`, which halves the time to build it), and
/// FTS5's own `bm25()` would then tokenize every candidate again; it also reads each word's
/// whole posting list to weigh its rarity, which for a common word costs more than the rest of
/// the search. This is bm25 with the same parameters (k1 = 1.2, b = 0.75) and column weights,
/// without the inverse document frequency: every candidate contains every word of the query, so
/// rarity would only shift the balance between words.
struct Relevance {
  static let k1 = 1.2
  static let b = 0.75
  /// Weights of owner, name and description: a word in the name counts most.
  static let weights: [Double] = [2, 10, 1]
  /// Typical lengths of owner, name and description, in words.
  static let averageLengths: [Double] = [1.5, 2.5, 10]

  /// Folded words, the last one matched as a prefix.
  let terms: [String]
  /// The index's tokenizer, for text that is not ASCII.
  let tokenizer: any FTS5Tokenizer

  func score(_ repository: IndexedRepository) throws -> Double {
    var score = 0.0
    for (column, text) in [repository.owner, repository.name, repository.description].enumerated() {
      guard let text else { continue }
      let tokens = try tokens(of: text)
      guard !tokens.isEmpty else { continue }
      let lengthFactor = Self.k1 * (1 - Self.b + Self.b * Double(tokens.count) / Self.averageLengths[column])
      for (index, term) in terms.enumerated() {
        let isPrefix = index == terms.count - 1
        let frequency = Double(tokens.count { isPrefix ? $0.hasPrefix(term) : $0 == term })
        if frequency > 0 {
          score += Self.weights[column] * frequency * (Self.k1 + 1) / (frequency + lengthFactor)
        }
      }
    }
    return score
  }

  /// The words of `text` as the index sees them: split on anything but letters and digits,
  /// in lower case, without diacritics.
  private func tokens(of text: String) throws -> [String] {
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
      return try tokenizer.tokenize(document: text).map(\.token)
    }
    var tokens: [String] = []
    var current: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        current.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        current.append(byte + 32)
      default:
        if !current.isEmpty {
          tokens.append(String(decoding: current, as: UTF8.self))
          current.removeAll(keepingCapacity: true)
        }
      }
    }
    if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
    return tokens
  }
}
