import Hummingbird

/// Spends one request of the client's `resource` budget before the route does any work (a lookup, a
/// hash), so a refused request costs only the count; refuses it as GitHub does when the budget is spent,
/// and adds the `x-ratelimit-*` headers to every answer, errors included.
struct RateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
  let limiter: RateLimiter
  let resource: RateLimitResource

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let client = limiter.client(peer: context.remoteAddress, headers: request.headers)
    let counted: RateLimitOutcome?
    do {
      counted = try await limiter.take(resource, client: client)
    } catch {
      throw APIError.rateLimitsUnavailable
    }
    guard let outcome = counted else { return try await next(request, context) }
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

extension RouterMethods where Context: RemoteAddressRequestContext {
  /// A group whose routes spend `resource`'s budget; a plain group when it has none (`--rate-limit off`),
  /// so an unlimited server pays nothing per request.
  func rateLimited(_ resource: RateLimitResource, by limiter: RateLimiter) -> RouterGroup<Context> {
    guard limiter.limits(resource) else { return group() }
    return group().add(middleware: RateLimitMiddleware(limiter: limiter, resource: resource))
  }
}
