import Foundation
import Hummingbird

extension Request {
  /// The query string's parameters as GitHub and browsers' forms write them: `+` is a space
  /// (`q=tetris+language:assembly`, GitHub's documented form) and `%2B` a plus sign. The first of
  /// repeated keys wins, as in Hummingbird's `queryParameters`; a broken escape is kept as written.
  var formQueryParameters: [String: String] {
    guard let query = uri.query, !query.isEmpty else { return [:] }
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = Self.formDecoded(parts[0])
      if parameters[key] == nil { parameters[key] = parts.count > 1 ? Self.formDecoded(parts[1]) : "" }
    }
    return parameters
  }

  private static func formDecoded(_ text: Substring) -> String {
    let spaced = text.utf8.contains(UInt8(ascii: "+")) ? String(text).replacing("+", with: " ") : String(text)
    guard spaced.utf8.contains(UInt8(ascii: "%")) else { return spaced }
    return spaced.removingPercentEncoding ?? spaced
  }
}
