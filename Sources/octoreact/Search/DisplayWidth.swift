/// How many terminal columns text takes: East Asian wide characters and emoji take two, combining marks none.
///
/// An approximation of `wcwidth` good enough to keep table columns aligned; a character (grapheme cluster) takes the
/// width of its widest scalar, so an emoji sequence joined with ZWJ counts as one emoji.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    character.unicodeScalars.map(of(_:)).max() ?? 0
  }

  static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` cut to at most `width` columns, ending in `…` when it was cut.
  static func truncated(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      guard used + columns <= width - 1 else { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// `text` followed by spaces up to `width` columns.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }
}
