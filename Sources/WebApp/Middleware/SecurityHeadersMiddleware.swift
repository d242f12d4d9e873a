import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1

/// Adds the headers every response of a page-serving app should carry: no framing, no sniffing (the pages add a no-referrer policy), and
/// a content security policy that allows only this origin's scripts, styles and sockets.
///
/// **Contract:** error responses carry them too. A thrown error would otherwise be rendered by the router
/// after this middleware, without them: an `HTTPResponseError` (a 404, an API error) is rendered here;
/// any other error becomes the `500` Hummingbird would answer, rendered here as well. A parser error is left
/// to the server, which must not write a second response.
///
/// **Unrouted paths:** a `GET` or `HEAD` that no route answers is a browser asking for a page that does not
/// exist, so it gets the HTML 404 page (``ErrorPage/init(unrouted:error:)``); the API's own paths have JSON
/// fallback routes (``APIFallbackController``). Rendered here, where the router's 404 is already caught, so
/// an answered request pays nothing for it.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as HTTPParserError {
      throw error  // the server answers a broken request itself and closes the connection
    } catch let error as any HTTPResponseError {
      let page = ErrorPage(unrouted: request, error: error)
      response = try page?.response(from: request, context: context) ?? error.response(from: request, context: context)
    } catch {
      context.logger.debug("Unrecognised Error", metadata: ["error.type": "\(error)"])
      response = try APIError(status: .internalServerError, message: "Internal Server Error")
        .response(from: request, context: context)
    }
    response.headers.append(contentsOf: securityHeaderFields)
    return response
  }
}

/// Made once and appended: no route sets these headers, and setting them by name (which looks for the
/// name first and checks the value's bytes each time) showed in every response's profile.
private let securityHeaderFields: [HTTPField] = [
  HTTPField(
    name: .contentSecurityPolicy,
    value: "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"),
  HTTPField(name: .xContentTypeOptions, value: "nosniff"),
]
