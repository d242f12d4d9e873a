import Hummingbird

/// `GET /rate_limit` in GitHub's shape: the caller's budgets, and `rate` repeating `core`. It spends no
/// budget, as on GitHub; with none (`--rate-limit off`) it answers as GitHub Enterprise does then.
struct RateLimitController: Sendable {
  let rateLimiter: RateLimiter

  static let documentationURL =
    "https://docs.github.com/rest/rate-limit/rate-limit#get-rate-limit-status-for-the-authenticated-user"

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.getAndHead("rate_limit") { request, context in
      try await show(client: rateLimiter.client(peer: context.remoteAddress, headers: request.headers))
    }
  }

  func show(client: String) async throws -> Response {
    var budgets: [(resource: RateLimitResource, figures: RateLimitStateMachine.Decision)] = []
    do {
      for resource in RateLimitResource.allCases {
        if let figures = try await rateLimiter.budget(resource, client: client) { budgets.append((resource, figures)) }
      }
    } catch {
      throw APIError.rateLimitsUnavailable
    }
    guard !budgets.isEmpty else {
      throw APIError(
        status: .notFound, message: "Rate limiting is not enabled.", documentationURL: Self.documentationURL)
    }
    var resources = JSONObjectWriter()
    for budget in budgets { resources.field(budget.resource.rawValue, rawJSON: Self.json(budget.figures)) }
    var body = JSONObjectWriter()
    body.field("resources", rawJSON: resources.text)
    let core = budgets.first { $0.resource == .core }
    if let core { body.field("rate", rawJSON: Self.json(core.figures)) }
    var response = JSONResponse.make(status: .ok, json: body.text)
    if let core { response.headers.append(contentsOf: core.figures.headers(resource: .core)) }
    return response
  }

  static func json(_ figures: RateLimitStateMachine.Decision) -> String {
    var object = JSONObjectWriter()
    object.field("limit", figures.limit)
    object.field("used", figures.used)
    object.field("remaining", figures.remaining)
    object.field("reset", figures.reset)
    return object.text
  }
}
