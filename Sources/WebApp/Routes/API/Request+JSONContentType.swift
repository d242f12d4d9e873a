import Hummingbird

extension Request {
  /// Refuses a body not sent as `application/json` (no parameter but a UTF-8 `charset`) with `415`.
  ///
  /// This also keeps other sites out: a page elsewhere may send a form POST without asking first (a CORS
  /// "simple request"), but a JSON one only after a preflight, which this server never grants.
  func requireJSONContentType() throws(APIError) {
    guard let value = headers[.contentType], Self.isJSON(value) else {
      throw APIError(
        status: .unsupportedMediaType,
        message: "Unsupported Media Type: send the body as Content-Type: application/json")
    }
  }

  static func isJSON(_ contentType: String) -> Bool {
    let parts = contentType.split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingOptionalWhitespace.lowercased()
    }
    guard parts.first == "application/json" else { return false }
    return parts.dropFirst().allSatisfy { $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" }
  }
}
