/// Repository addresses in a name list: `https://github.com/owner/name` as well as `owner/name`.
extension NameBytes {
  /// The hosts' prefixes removed from a line, compared ignoring ASCII case.
  private static let prefixes: [[UInt8]] = [
    "https://github.com/", "http://github.com/", "https://www.github.com/", "http://www.github.com/",
    "github.com/", "www.github.com/",
  ].map { Array($0.utf8) }

  /// `line` without a leading `https://github.com/` (or `http://`, `www.`, no scheme) and without a trailing
  /// `/` or `.git` (either or both), leaving `owner/name`; other lines unchanged. A URL with more segments
  /// (`…/owner/name/issues`) keeps them and is refused by ``parse(_:)`` as not `owner/name`.
  static func strippingAddress(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = line.startIndex
    var end = line.endIndex
    for prefix in prefixes where hasPrefix(line, prefix) {
      start += prefix.count
      break
    }
    if end > start, line[end - 1] == UInt8(ascii: "/") { end -= 1 }
    let git = Array(".git".utf8)
    if end - start > git.count, zip(line[(end - git.count)..<end], git).allSatisfy({ lowercased($0) == $1 }) {
      end -= git.count
    }
    return UnsafeBufferPointer(rebasing: line[start..<end])
  }

  private static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8]) -> Bool {
    line.count >= prefix.count && zip(line, prefix).allSatisfy { lowercased($0) == $1 }
  }
}
