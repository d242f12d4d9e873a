import Hummingbird
import RepositoryIndex
import SignupFeature

/// `GET /`, `/signup`, `/search` and `/repositories/{owner}/{name}`: server-rendered HTML.
struct PagesController: Sendable {
  let index: RepositoryIndex
  /// The longest text the live pages accept in a field (their inputs' `maxlength`).
  let maxFieldCharacters: Int

  func addRoutes(to router: Router<some RequestContext>) {
    router.get("/") { _, _ in Self.html(HomePage().html) }
    router.get("signup") { request, _ in
      let page = try PageRequest(request)
      return Self.html(SignupPage(request: page, state: SignupScreenState(), maxCharacters: maxFieldCharacters).html)
    }
    router.get("search") { request, _ in
      Self.html(SearchScreenPage(request: try PageRequest(request), maxCharacters: maxFieldCharacters).html)
    }
    router.get("repositories/{owner}/{name}") { _, context in
      let owner = try context.parameters.requireDecoded("owner")
      let fullName = "\(owner)/\(try context.parameters.requireDecoded("name"))"
      guard let repository = try await repository(named: fullName) else {
        throw HTTPError(.notFound, message: "No repository \(fullName) in the index")
      }
      return Self.html(RepositoryPage(repository: repository).html)
    }
  }

  /// The indexed repository named exactly `fullName` (in any letter case): exact names rank first.
  private func repository(named fullName: String) async throws -> IndexedRepository? {
    try await index.search(fullName, page: 1, perPage: 10).items
      .first { $0.fullName.lowercased() == fullName.lowercased() }
  }

  static func html(_ text: String) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
