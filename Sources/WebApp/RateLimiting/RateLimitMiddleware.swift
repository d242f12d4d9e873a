import Hummingbird

/// Spends one request of the client's `resource` budget before the route runs, refuses it as GitHub
/// does when the budget is spent, and adds the `x-ratelimit-*` headers to every answer, errors
/// included.
///
/// **Ordering:** a request is counted before its route does any work (a lookup, a hash), so a
/// refused request costs only the count.
struct RateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
  let limiter: RateLimiter
  let resource: RateLimitResource

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard let outcome = limiter.take(resource, client: RateLimiter.client(of: context.remoteAddress)) else {
      return try await next(request, context)
    }
    guard outcome.isAllowed else { throw outcome.refusal }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      response = try error.response(from: request, context: context)
    }
    response.headers.append(contentsOf: outcome.headers)
    return response
  }
}
