import Hummingbird
import Logging
import RepositoryIndex

/// `GET /repos/{owner}/{repo}`: a repository of the index in GitHub's full repository shape
/// (``RepositoryJSON/full(_:baseURL:)``), or GitHub's `404 {"message": "Not Found", …}`. Names are
/// matched ignoring ASCII letter case, and the answer spells them as the index does, as GitHub's does.
///
/// Spends the client's `core` budget, as GitHub counts it.
struct RepositoriesController: Sendable {
  let index: RepositoryIndex
  let rateLimiter: RateLimiter
  let logger: Logger
  /// The base of the URLs in the answer: never the request's `Host`, which a client chooses.
  let publicAddress: PublicAddress

  /// Where GitHub documents this route, as its 404 names it.
  static let documentationURL = "https://docs.github.com/rest/repos/repos#get-a-repository"

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.rateLimited(.core, by: rateLimiter)
      .getAndHead("repos/{owner}/{repo}") { _, context in try await show(context) }
  }

  func show(_ context: some RequestContext) async throws -> Response {
    let fullName = "\(try context.parameters.requireDecoded("owner"))/\(try context.parameters.requireDecoded("repo"))"
    let found: IndexedRepository?
    do {
      found = try await index.repository(named: fullName)
    } catch {
      logger.error("Repository lookup failed", metadata: ["error": "\(error)"])
      throw APIError(status: .serviceUnavailable, message: "The repository index is unavailable")
    }
    guard let repository = found else {
      var notFound = APIError.notFound
      notFound.documentationURL = Self.documentationURL
      throw notFound
    }
    return JSONResponse.make(status: .ok, json: RepositoryJSON.full(repository, baseURL: publicAddress.baseURL))
  }
}
