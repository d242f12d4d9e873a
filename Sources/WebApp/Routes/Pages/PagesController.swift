import AccountRules
import AccountStore
import Hummingbird
import Logging
import RepositoryIndex
import SearchFeature
import SignupFeature

/// `GET /`, `/signup`, `/search`, `/repositories/{owner}/{name}` and `/{login}`: server-rendered HTML, errors
/// included (``ErrorPage``).
struct PagesController: Sendable {
  let index: RepositoryIndex
  let accounts: AccountStore
  /// The account page answers what `GET /users/{name}` answers, so it spends the same `core` budget.
  let rateLimiter: RateLimiter
  /// The inputs' `maxlength`.
  let maxFieldCharacters: Int
  let searchService: SearchService

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    page("/", on: router) { request, _ in Self.html(HomePage(language: try PageRequest(request).language).html) }
    page("signup", on: router) { request, _ in
      let page = try PageRequest(request)
      return Self.html(SignupPage(request: page, state: SignupScreenState(), maxCharacters: maxFieldCharacters).html)
    }
    page("search", on: router) { request, _ in
      let page = try PageRequest(request, screen: LiveSearchScreen.name, engines: LiveSearchScreen.engines)
      // A longer query than the search box takes is cut to what the box would hold.
      let query = String((request.formQueryParameters["q"] ?? "").prefix(maxFieldCharacters))
      return Self.html(
        SearchScreenPage(request: page, service: searchService, maxCharacters: maxFieldCharacters, query: query).html)
    }
    page("repositories/{owner}/{name}", on: router) { request, context in
      let owner = try context.parameters.requireDecoded("owner")
      let fullName = "\(owner)/\(try context.parameters.requireDecoded("name"))"
      guard let repository = try await index.repository(named: fullName) else {
        throw ErrorPage(problem: .repositoryNotFound(fullName: fullName), language: PageRequest.language(of: request))
      }
      return Self.html(RepositoryPage(repository: repository, language: try PageRequest(request).language).html)
    }
    // The router matches the server's own paths (`signup`, `search`, `users`, …) before this one.
    page("{login}", on: router) { request, context in
      let page = try PageRequest(request)
      let budget = try await spendCoreBudget(of: request, context: context, language: page.language)
      do {
        let login = try context.parameters.requireDecoded("login")
        // A name signup would refuse cannot be an account: no lookup (nor a long one in the page).
        guard login.count <= 39, UsernameRules.github.violation(in: login) == nil,
          let account = try await accounts.account(named: login)
        else {
          throw ErrorPage(problem: .accountNotFound(login: String(login.prefix(39))), language: page.language)
        }
        var response = Self.html(AccountPage(language: page.language, account: account).html)
        response.headers.append(contentsOf: budget)
        return response
      } catch {
        // Every answer of a limited resource says how much of the budget is left, errors too.
        var errorPage = Self.errorPage(for: error, request: request, context: context)
        errorPage.headers.append(contentsOf: budget)
        throw errorPage
      }
    }
    // A path no route answers gets the 404 page from `SecurityHeadersMiddleware`, which sees the router's 404.
  }

  /// Registers a page for `GET` and `HEAD` whose every error is answered as an ``ErrorPage``: a page
  /// never answers JSON, whatever failed beneath it (a path parameter, the database).
  private func page<Context: RequestContext>(
    _ path: RouterPath, on router: Router<Context>,
    _ handler: @Sendable @escaping (Request, Context) async throws -> Response
  ) {
    router.getAndHead(path) { request, context in
      do {
        return try await handler(request, context)
      } catch {
        throw Self.errorPage(for: error, request: request, context: context)
      }
    }
  }

  /// The page that tells the visitor about `error`: itself when it is one, a `400` for a path parameter
  /// that is not percent-encoded UTF-8, and a `500` (logged by type only) for anything else.
  private static func errorPage(for error: any Error, request: Request, context: some RequestContext) -> ErrorPage {
    switch error {
    case let error as ErrorPage:
      return error
    case let error as APIError where error.message == APIError.invalidPercentEncoding.message:
      return ErrorPage(problem: .invalidPercentEncoding, language: PageRequest.language(of: request))
    default:
      context.logger.error("A page failed", metadata: ["error.type": "\(type(of: error))"])
      return ErrorPage(problem: .internalError, language: PageRequest.language(of: request))
    }
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

  static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
