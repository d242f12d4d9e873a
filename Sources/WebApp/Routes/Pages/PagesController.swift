import AccountStore
import Hummingbird
import RepositoryIndex
import SearchFeature
import SignupFeature

/// `GET /`, `/signup`, `/search`, `/repositories/{owner}/{name}` and `/{login}`: server-rendered HTML.
struct PagesController: Sendable {
  let index: RepositoryIndex
  let accounts: AccountStore
  /// The account page spends the client's `core` budget, as `GET /users/{name}` does: it answers the
  /// same question (does this account exist?), so it is no way around that limit.
  let rateLimiter: RateLimiter
  /// The longest text the live pages accept in a field (their inputs' `maxlength`).
  let maxFieldCharacters: Int
  /// Who answers the Search screen, as its texts name it.
  let searchService: SearchService

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.getAndHead("/") { request, _ in Self.html(HomePage(language: try PageRequest(request).language).html) }
    router.getAndHead("signup") { request, _ in
      let page = try PageRequest(request)
      return Self.html(SignupPage(request: page, state: SignupScreenState(), maxCharacters: maxFieldCharacters).html)
    }
    router.getAndHead("search") { request, _ in
      let page = try PageRequest(request)
      return Self.html(SearchScreenPage(request: page, service: searchService, maxCharacters: maxFieldCharacters).html)
    }
    router.getAndHead("repositories/{owner}/{name}") { request, context in
      let owner = try context.parameters.requireDecoded("owner")
      let fullName = "\(owner)/\(try context.parameters.requireDecoded("name"))"
      guard let repository = try await repository(named: fullName) else {
        throw HTTPError(.notFound, message: "No repository \(fullName) in the index")
      }
      return Self.html(RepositoryPage(repository: repository, language: try PageRequest(request).language).html)
    }
    // The router matches the server's own paths (`signup`, `search`, `users`, …) before this one.
    router.rateLimited(.core, by: rateLimiter).getAndHead("{login}") { request, context in
      let page = try PageRequest(request)
      let login = try context.parameters.requireDecoded("login")
      // A name signup would refuse cannot be an account: no lookup (nor a long one in the page).
      guard login.count <= 39, UsernameRules.github.violation(in: login) == nil,
        let account = try await accounts.account(named: login)
      else {
        let notFound = AccountPage(language: page.language, account: nil, requestedLogin: String(login.prefix(39)))
        return Self.html(notFound.html, status: .notFound)
      }
      return Self.html(AccountPage(language: page.language, account: account, requestedLogin: login).html)
    }
  }

  /// The indexed repository named exactly `fullName` (in any letter case): exact names rank first.
  private func repository(named fullName: String) async throws -> IndexedRepository? {
    try await index.search(fullName, page: 1, perPage: 10).items
      .first { $0.fullName.lowercased() == fullName.lowercased() }
  }

  static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
