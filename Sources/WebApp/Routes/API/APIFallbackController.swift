import Hummingbird

/// Answers the API paths and methods no route serves as GitHub does: `404 {"message": "Not Found"}` with
/// the `core` budget's headers, instead of the router's empty 404. Every other path is the pages', whose
/// unknown ones get an HTML ``ErrorPage``.
struct APIFallbackController: Sendable {
  /// These answers spend the `core` budget, as on GitHub.
  let rateLimiter: RateLimiter

  static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete]

  func addRoutes<Context: RemoteAddressRequestContext>(to router: Router<Context>) {
    let group = router.rateLimited(.core, by: rateLimiter)
    func notFound(_ path: RouterPath, _ methods: [HTTPRequest.Method]) {
      for method in methods {
        group.on(path, method: method) { request, context -> Response in
          guard method == .head else { throw APIError.notFound }
          return try APIError.notFound.response(from: request, context: context).createHeadResponse()
        }
      }
    }
    // Not `repos/**`: the router refuses it beside the parameter of `repos/{owner}/{repo}`.
    for path in ["search/**", "repos/{owner}", "repos/{owner}/{repo}/**", "users/{username}/**"] {
      notFound(RouterPath(path), Self.methods)
    }
    // The other methods of the API's own routes.
    let unrouted = Self.methods.filter { $0 != .get && $0 != .head }
    for path in ["search/repositories", "repos/{owner}/{repo}", "users/{username}", "rate_limit"] {
      notFound(RouterPath(path), unrouted)
    }
    // `POST /users` signs up; GitHub's `GET /users` (a list of accounts) is not served, and is no page.
    notFound("users", Self.methods.filter { $0 != .post })
  }
}
