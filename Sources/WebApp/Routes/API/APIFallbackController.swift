import Hummingbird

/// Answers the API paths and methods that no route serves as GitHub does: `404 {"message": "Not Found"}`
/// in JSON with the `core` budget's `x-ratelimit-*` headers, instead of the router's empty 404.
///
/// **Which paths:** under `search/` and `repos/` (as `repos/{owner}` and `repos/{owner}/{repo}/**`: the
/// router refuses a `repos/**` beside the parameter of `repos/{owner}/{repo}`), `users/{name}/…`, and the
/// methods the search, repository, user and rate-limit routes do not take (`/users` included). Every other
/// path is the pages', whose unknown ones get an HTML ``ErrorPage``: single-segment paths such as
/// `/search`, and `/repositories/{owner}/{name}`.
struct APIFallbackController: Sendable {
  /// Counts these answers against each client's `core` budget, as GitHub does.
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
