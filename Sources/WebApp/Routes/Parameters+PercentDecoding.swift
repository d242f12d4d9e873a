import Foundation
import Hummingbird

extension Parameters {
  /// The path parameter `name`, percent-decoded: `/users/%6Belvin` names `kelvin`.
  ///
  /// The router matches raw path segments and leaves escapes in its parameters. An escape that is not
  /// `%` and two hex digits, or bytes that are not UTF-8, are a `400`.
  func requireDecoded(_ name: String) throws -> String {
    let raw = try require(name)
    // A byte search: `String.contains("%")` goes through Foundation's locale-aware string search, which
    // showed in every `GET /users/{name}`'s profile.
    guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
    guard let decoded = raw.removingPercentEncoding else {
      throw APIError.invalidPercentEncoding
    }
    return decoded
  }
}

extension APIError {
  /// A path parameter's escape is not `%` and two hex digits, or its bytes are not UTF-8 (pages answer an
  /// ``ErrorPage`` instead).
  static let invalidPercentEncoding = APIError.badRequest("Invalid percent-encoding in the path")
}
