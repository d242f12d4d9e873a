internal import Foundation

extension ImportFormat {
  /// The format of a file that starts with `prefix` (its first kilobytes).
  ///
  /// `[` starts a JSON document. `{` starts JSON Lines when the first line is a whole object
  /// (unless that object is a search response, with `items`), and a JSON document otherwise
  /// (a pretty-printed search response). Anything else is a name list.
  static func detect(_ prefix: [UInt8]) -> ImportFormat {
    var start = 0
    if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[start]) { start += 1 }
    guard start < prefix.count else { return .nameList }
    switch prefix[start] {
    case UInt8(ascii: "["):
      return .jsonDocument
    case UInt8(ascii: "{"):
      let end = prefix[start...].firstIndex(of: UInt8(ascii: "\n")) ?? prefix.count
      var firstLine = prefix[start..<end]
      while let last = firstLine.last, [0x20, 0x09, 0x0D].contains(last) { firstLine = firstLine.dropLast() }
      guard firstLine.last == UInt8(ascii: "}") else { return .jsonDocument }
      if let object = try? JSONSerialization.jsonObject(with: Data(firstLine)) as? [String: Any],
        object["items"] != nil
      {
        return .jsonDocument
      }
      return .jsonLines
    default:
      return .nameList
    }
  }
}
