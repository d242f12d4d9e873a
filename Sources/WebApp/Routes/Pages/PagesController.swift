import AccountRules
import AccountStore
import Hummingbird
import RepositoryIndex

/// `GET /`, `/repositories/{owner}/{name}` and `/{login}`: server-rendered HTML, errors included (``ErrorPage``).
/// The live screens' pages (`/signup`, `/search`) are served by ``LiveRoute``.
struct PagesController: Sendable {
  let index: RepositoryIndex
  let accounts: AccountStore
  /// The account page answers what `GET /users/{name}` answers, so it spends the same `core` budget.
  let rateLimiter: RateLimiter

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.page("/") { request, _ in .html(HomePage(language: PageRequest.language(of: request)).html) }
    router.page("repositories/{owner}/{name}") { request, context in
      let language = PageRequest.language(of: request)
      let owner = try context.parameters.requireDecoded("owner")
      let fullName = "\(owner)/\(try context.parameters.requireDecoded("name"))"
      guard let repository = try await index.repository(named: fullName) else {
        throw ErrorPage(problem: .repositoryNotFound(fullName: fullName), language: language)
      }
      return .html(RepositoryPage(repository: repository, language: language).html)
    }
    // The router matches the server's own paths (`signup`, `search`, `users`, …) before this one.
    router.page("{login}") { request, context in
      let language = PageRequest.language(of: request)
      let budget = try await spendCoreBudget(of: request, context: context, language: language)
      do {
        let login = try context.parameters.requireDecoded("login")
        // A name signup would refuse cannot be an account: no lookup (nor a long one in the page).
        guard login.count <= 39, UsernameRules.github.violation(in: login) == nil,
          let account = try await accounts.account(named: login)
        else {
          throw ErrorPage(problem: .accountNotFound(login: String(login.prefix(39))), language: language)
        }
        var response = Response.html(AccountPage(language: language, account: account).html)
        response.headers.append(contentsOf: budget)
        return response
      } catch {
        // Every answer of a limited resource says how much of the budget is left, errors too.
        var errorPage = ErrorPage(error, request: request, context: context)
        errorPage.headers.append(contentsOf: budget)
        throw errorPage
      }
    }
    // A path no route answers gets the 404 page from `SecurityHeadersMiddleware`, which sees the router's 404.
  }

  /// Returns the `x-ratelimit-*` headers the page carries, or throws the ``ErrorPage`` of a refusal.
  private func spendCoreBudget(
    of request: Request, context: some RemoteAddressRequestContext, language: Language
  ) async throws -> HTTPFields {
    let client = rateLimiter.client(peer: context.remoteAddress, headers: request.headers)
    let counted: RateLimitOutcome?
    do {
      counted = try await rateLimiter.take(.core, client: client)
    } catch {
      throw ErrorPage(problem: .unavailable, language: language)
    }
    guard let outcome = counted else { return [:] }
    guard outcome.isAllowed else {
      let refusal = outcome.refusal
      let problem = ErrorPage.Problem.rateLimited(status: refusal.status, retryAfterSeconds: outcome.retryAfter)
      throw ErrorPage(problem: problem, language: language, headers: refusal.headers)
    }
    return outcome.headers
  }
}
