import Hummingbird

/// Adds the headers every response of a page-serving app should carry: no framing, no sniffing (the pages add a no-referrer policy), and
/// a content security policy that allows only this origin's scripts, styles and sockets.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response = try await next(request, context)
    response.headers[.contentSecurityPolicy] =
      "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"
    response.headers[.xContentTypeOptions] = "nosniff"
    return response
  }
}
