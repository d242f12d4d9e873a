/// Splits a query into tokens as GitHub's search does: at white space, except inside double quotes.
enum QueryTokenizer {
  /// The tokens of `text`; an unclosed quote runs to the end.
  static func tokens(of text: String) -> [Substring] {
    var tokens: [Substring] = []
    var start: String.Index?
    var inQuotes = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\"" { inQuotes.toggle() }
      if character.isWhitespace, !inQuotes {
        if let begun = start { tokens.append(text[begun..<index]) }
        start = nil
      } else if start == nil {
        start = index
      }
      index = text.index(after: index)
    }
    if let begun = start { tokens.append(text[begun...]) }
    return tokens
  }

  /// The name and value of a qualifier token, `name:value`, or nil for a word.
  ///
  /// A token is a qualifier when it starts with a name of ASCII letters (or `-` and one, GitHub's way
  /// to exclude what the qualifier matches) followed by a colon. A token that only has a colon
  /// elsewhere (`http://x`, `a::b` after digits) is text.
  static func qualifier(in token: Substring) -> (name: Substring, value: Substring)? {
    guard let colon = token.firstIndex(of: ":") else { return nil }
    let name = token[..<colon]
    let letters = name.hasPrefix("-") ? name.dropFirst() : name
    guard !letters.isEmpty, letters.utf8.count <= 40,
      letters.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
    else { return nil }
    let value = token[token.index(after: colon)...]
    // `http://…` is a link, not a qualifier named http.
    if value.hasPrefix("//") { return nil }
    return (name, value)
  }
}
