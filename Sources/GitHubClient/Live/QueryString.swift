/// Percent-encoding of a URL query, so a value such as a search text can never end its parameter or the URL.
enum QueryString {
  /// Encodes every byte except RFC 3986's unreserved characters (ASCII letters, digits, `-`, `.`, `_`, `~`).
  ///
  /// A space becomes `%20` and `+` becomes `%2B`, so servers that read `+` as a space and those that do not agree.
  static func encode(_ component: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(component.utf8.count)
    for byte in component.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded += "%"
        encoded += String(byte >> 4, radix: 16, uppercase: true)
        encoded += String(byte & 0x0F, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  /// `name=value` pairs joined with `&`, each side encoded, in the order given.
  static func encode(_ items: [(name: String, value: String)]) -> String {
    items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
  }

  /// The first value of `name` in the query of `url` (after `?`, before `#`), percent-decoded, `+` read as a space.
  static func value(of name: String, in url: String) -> String? {
    guard let start = url.firstIndex(of: "?") else { return nil }
    let query = url[url.index(after: start)...].prefix { $0 != "#" }
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard decode(parts[0]) == name else { continue }
      return parts.count > 1 ? decode(parts[1]) : ""
    }
    return nil
  }

  /// Decodes `%XX` escapes and `+`; a malformed escape is kept as it is.
  static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      switch byte {
      case UInt8(ascii: "+"):
        bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        let digits = utf8.prefix(2).compactMap(hexValue(_:))
        if digits.count == 2 {
          bytes.append(digits[0] << 4 | digits[1])
          utf8 = utf8.dropFirst(2)
        } else {
          bytes.append(byte)
        }
      default:
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
