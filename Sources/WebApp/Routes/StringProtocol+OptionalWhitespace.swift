extension StringProtocol {
  /// Without the optional white space HTTP allows around list entries and parameters: spaces and
  /// tabs only (RFC 9110, section 5.6.3).
  var trimmingOptionalWhitespace: SubSequence {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
