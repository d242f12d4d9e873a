import Foundation
import Hummingbird

extension Parameters {
  /// The path parameter `name`, percent-decoded (the router leaves escapes in): `/users/%6Belvin` names
  /// `kelvin`. A broken escape or bytes that are not UTF-8 are a `400`.
  func requireDecoded(_ name: String) throws -> String {
    let raw = try require(name)
    // A byte search: `String.contains("%")` goes through Foundation's locale-aware search.
    guard raw.utf8.contains(UInt8(ascii: "%")) else { return raw }
    guard let decoded = raw.removingPercentEncoding else { throw APIError.invalidPercentEncoding }
    return decoded
  }
}

extension APIError {
  /// Pages answer an ``ErrorPage`` instead.
  static let invalidPercentEncoding = APIError.badRequest("Invalid percent-encoding in the path")
}
