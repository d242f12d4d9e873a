import Hummingbird

extension Request {
  /// Refuses a body not sent as `application/json` (no parameter but a UTF-8 `charset`) with `415`.
  ///
  /// This also keeps other sites out: a page elsewhere may send a form POST without asking first (a CORS
  /// "simple request"), but a JSON one only after a preflight, which this server never grants.
  func requireJSONContentType() throws(APIError) {
    let parts = (headers[.contentType] ?? "").split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingOptionalWhitespace.lowercased()
    }
    guard parts.first == "application/json",
      parts.dropFirst().allSatisfy({ $0 == "charset=utf-8" || $0 == "charset=\"utf-8\"" })
    else {
      throw APIError(
        status: .unsupportedMediaType,
        message: "Unsupported Media Type: send the body as Content-Type: application/json")
    }
  }
}
