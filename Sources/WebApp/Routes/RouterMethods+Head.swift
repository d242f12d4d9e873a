import Hummingbird

extension RouterMethods {
  /// Registers `handler` for `GET` and `HEAD`: a `HEAD` gets the status and headers its `GET` would get,
  /// `Content-Length` included, and no body (RFC 9110, section 9.3.2), errors too. Per route rather than
  /// a router-wide middleware, so that a `GET` pays nothing for it.
  @discardableResult
  func getAndHead(
    _ path: RouterPath,
    use handler: @Sendable @escaping (Request, Context) async throws -> Response
  ) -> Self {
    get(path, use: handler)
    return head(path) { request, context in
      do {
        return try await handler(request, context).createHeadResponse()
      } catch let error as any HTTPResponseError {
        // Rendered here, not by the router's error handling, which would give the answer a body.
        return try error.response(from: request, context: context).createHeadResponse()
      }
    }
  }
}
