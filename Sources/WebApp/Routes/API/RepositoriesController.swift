import Hummingbird
import Logging
import RepositoryIndex

/// `GET /repos/{owner}/{repo}`: a repository of the index in GitHub's full shape, or GitHub's 404. Names
/// are matched ignoring ASCII case and spelled as the index does, as on GitHub.
struct RepositoriesController: Sendable {
  let index: RepositoryIndex
  let rateLimiter: RateLimiter
  let logger: Logger
  let publicAddress: PublicAddress

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
      throw APIError.indexUnavailable
    }
    guard let repository = found else {
      throw APIError(status: .notFound, message: "Not Found", documentationURL: Self.documentationURL)
    }
    return JSONResponse.make(status: .ok, json: RepositoryJSON.full(repository, baseURL: publicAddress.baseURL))
  }
}
