/// Percent-encoding of one URL path segment, so a value such as a login can never leave its segment.
enum PathSegment {
  /// Encodes every byte except ASCII letters, digits, `-`, `_` and `~`; `.` is encoded too, so `..` stays a name.
  static func encode(_ segment: String) -> String {
    var encoded = ""
    encoded.reserveCapacity(segment.utf8.count)
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        encoded += "%"
        encoded += String(byte >> 4, radix: 16, uppercase: true)
        encoded += String(byte & 0x0F, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  /// Joins a base URL (a trailing slash or not) and raw segments into a URL string.
  static func url(base: String, segments: [String]) -> String {
    var base = Substring(base)
    while base.hasSuffix("/") { base = base.dropLast() }
    return base + "/" + segments.map(encode(_:)).joined(separator: "/")
  }
}
