import Foundation
import HummingbirdCore

extension URI {
  /// The query parameter `name` as a form writes it: `+` is a space and escapes are decoded, as GitHub
  /// and browsers read `?q=tetris+language:assembly`; the first value when the name repeats, `nil`
  /// when absent or when an escape is not `%` and two hex digits of UTF-8.
  ///
  /// Hummingbird's `queryParameters` decode escapes but keep `+`, which is right for paths, not forms.
  func formValue(_ name: String) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard Self.formDecoded(parts[0]) == name else { continue }
      return parts.count == 2 ? Self.formDecoded(parts[1]) : ""
    }
    return nil
  }

  private static func formDecoded(_ text: Substring) -> String? {
    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}
