import Hummingbird

extension Request {
  /// Refuses a body not sent as `application/json` (with no parameter but an optional UTF-8 `charset`)
  /// with `415`.
  ///
  /// Besides being what the API reads, this keeps other sites out: a page elsewhere may send a
  /// `text/plain` or form POST to this server without asking first (a CORS "simple request"), but a
  /// JSON one only after a preflight, which this server never grants.
  func requireJSONContentType() throws(APIError) {
    guard let value = headers[.contentType], Self.isJSON(value) else {
      throw APIError(
        status: .unsupportedMediaType,
        message: "Unsupported Media Type: send the body as Content-Type: application/json")
    }
  }

  static func isJSON(_ contentType: String) -> Bool {
    let parts = contentType.split(separator: ";", omittingEmptySubsequences: false).map { part in
      let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      return String(part.drop(while: isSpace).reversed().drop(while: isSpace).reversed()).lowercased()
    }
    guard parts.first == "application/json" else { return false }
    return parts.dropFirst().allSatisfy { $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
  }
}
