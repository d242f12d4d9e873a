import AccountStore
import Foundation
import Hummingbird
import Logging
import RepositoryIndex

/// `GET /users/{username}` and `POST /users`, in GitHub's shapes, backed by the account store.
///
/// A login that is no account here but owns repositories of the index is answered with what the index
/// knows of it, so the `owner.url` of every repository the API writes is served, as on GitHub.
struct UsersController: Sendable {
  let accounts: AccountStore
  let index: RepositoryIndex
  let maxBodyBytes: Int
  let publicAddress: PublicAddress
  let logger: Logger
  let rateLimiter: RateLimiter
  let bodies = UserBodyCache()

  func addRoutes(to router: Router<some RemoteAddressRequestContext>) {
    router.rateLimited(.core, by: rateLimiter)
      .getAndHead("users/{username}") { request, context in try await show(request, context: context) }
    router.rateLimited(.signup, by: rateLimiter)
      .post("users") { request, context in try await create(request, context: context) }
  }

  /// An account in GitHub's user shape and field order, with what this server has of it: `url` is
  /// `GET /users/{login}`, `html_url` the account page `/{login}`, both under `baseURL`.
  static func userJSON(_ account: Account, baseURL: String) -> String {
    var object = JSONObjectWriter()
    object.field("login", account.login)
    object.field("id", account.id)
    object.field("url", "\(baseURL)/users/\(account.login)")
    object.field("html_url", "\(baseURL)/\(account.login)")
    object.field("type", "User")
    object.field("created_at", Timestamp.string(from: account.createdAt))
    return object.text
  }

  func show(_ request: Request, context: some RequestContext) async throws -> Response {
    let username = try context.parameters.requireDecoded("username")
    let found: Account?
    do {
      found = try await accounts.account(named: username)
    } catch {
      throw Self.answer(for: error)
    }
    guard let account = found else {
      guard let owner = try await indexedOwner(named: username) else { throw APIError.notFound }
      return JSONResponse.make(status: .ok, json: OwnerJSON.full(owner, baseURL: publicAddress.baseURL))
    }
    let body = bodies.body(for: account) { Self.userJSON($0, baseURL: publicAddress.baseURL) }
    return JSONResponse.make(status: .ok, body: body)
  }

  private func indexedOwner(named login: String) async throws -> IndexedOwner? {
    do {
      return try await index.owner(named: login)
    } catch {
      logger.error("Owner lookup failed", metadata: ["error": "\(error)"])
      throw APIError.indexUnavailable
    }
  }

  private static let usernameTaken = APIError(status: .conflict, message: "Username already taken")

  func create(_ request: Request, context: some RequestContext) async throws -> Response {
    try request.requireJSONContentType()
    var request = request
    let buffer: ByteBuffer
    do {
      buffer = try await request.collectBody(upTo: maxBodyBytes)
    } catch {
      throw APIError.badRequest("Body is larger than \(maxBodyBytes) bytes")
    }
    // GitHub's own wording for a body that is not the expected JSON object.
    let problems = APIError.badRequest("Problems parsing JSON")
    guard let body = try? JSONObjectReader.read(utf8: buffer.readableBytesView) else { throw problems }
    func text(_ key: String) throws -> String {
      switch body.members[key] {
      case .string(let text)?: text
      case .null?, nil: ""
      case .other?: throw problems
      }
    }
    let username = try text("username")
    let password = try text("password")
    if let key = body.duplicateKey {
      // Which of the values the client meant is unknown.
      let name = key.count > 64 ? String(key.prefix(64)) + "…" : key
      throw APIError.badRequest("Problems parsing JSON: the key \"\(name)\" appears more than once")
    }
    // An index owner has the name already (`GET /users/{name}` shows it).
    if try await indexedOwner(named: username) != nil { throw Self.usernameTaken }
    let account: Account
    do {
      account = try await accounts.createAccount(username: username, password: password)
    } catch {
      throw Self.answer(for: error)
    }
    var response = JSONResponse.make(status: .created, json: Self.userJSON(account, baseURL: publicAddress.baseURL))
    // A login is letters, digits and hyphens: nothing to escape.
    response.headers[.location] = "/users/\(account.login)"
    return response
  }

  private static func answer(for error: any Error) -> any Error {
    guard let error = error as? AccountStoreError else { return error }
    if error.isUnavailable { return APIError.databaseUnavailable }
    if error.isUsernameTaken { return usernameTaken }
    if !error.ruleViolations.isEmpty { return APIError.validationFailed(error.ruleViolations.map(FieldError.init)) }
    if let retryAfter = error.retryAfter { return APIError.busy(retryAfter: retryAfter) }
    return error
  }
}
