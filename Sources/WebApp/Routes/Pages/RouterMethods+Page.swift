import Hummingbird

extension RouterMethods {
  /// Registers a page for `GET` and `HEAD` whose every error is answered as an ``ErrorPage``: a page
  /// never answers JSON, whatever failed beneath it (a path parameter, the database).
  @discardableResult
  func page(_ path: RouterPath, use handler: @Sendable @escaping (Request, Context) async throws -> Response) -> Self {
    getAndHead(path) { request, context in
      do {
        return try await handler(request, context)
      } catch {
        throw ErrorPage(error, request: request, context: context)
      }
    }
  }
}

extension Response {
  /// A page, never cached: it shows what the server holds when it is asked.
  static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
