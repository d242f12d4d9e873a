import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1

/// Adds the headers every response should carry: no framing, no sniffing, and a content security policy
/// that allows only this origin's scripts, styles and sockets.
///
/// **Contract:** error responses carry them too, so errors are rendered here rather than by the router after this
/// middleware; a parser error is left to the server, which must not write a second response. A `GET` or `HEAD` no route
/// answers gets the HTML 404 page (the API's paths have JSON fallback routes, ``APIFallbackController``).
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

/// Made once and appended: no route sets these, and setting by name checks the value's bytes each time.
private let securityHeaderFields: [HTTPField] = [
  HTTPField(
    name: .contentSecurityPolicy,
    value: "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"),
  HTTPField(name: .xContentTypeOptions, value: "nosniff"),
]
