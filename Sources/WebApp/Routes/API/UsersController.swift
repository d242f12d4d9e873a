import AccountStore
import Foundation
import Hummingbird

/// `GET /users/{username}` and `POST /users`, in GitHub's shapes, backed by the account store.
struct UsersController: Sendable {
  let accounts: AccountStore
  let maxBodyBytes: Int

  func addRoutes(to router: Router<some RequestContext>) {
    router.get("users/{username}") { request, context in try await show(request, context: context) }
    router.post("users") { request, context in try await create(request, context: context) }
  }

  /// The user as GitHub's API shows it: `{"login", "id", "created_at", …}`.
  struct UserBody: Encodable {
    let login: String
    let id: Int64
    let createdAt: Date
    let type = "User"

    init(_ account: Account) {
      login = account.login
      id = account.id
      createdAt = account.createdAt
    }

    enum CodingKeys: String, CodingKey {
      case login, id, type
      case createdAt = "created_at"
    }
  }

  private struct SignupBody: Decodable {
    let username: String?
    let password: String?
  }

  func show(_ request: Request, context: some RequestContext) async throws -> Response {
    let username = try context.parameters.require("username")
    guard let account = try await accounts.account(named: username) else { throw APIError.notFound }
    return try JSONResponse.make(status: .ok, UserBody(account))
  }

  func create(_ request: Request, context: some RequestContext) async throws -> Response {
    var request = request
    let buffer: ByteBuffer
    do {
      buffer = try await request.collectBody(upTo: maxBodyBytes)
    } catch {
      throw APIError.badRequest("Body is larger than \(maxBodyBytes) bytes")
    }
    let body: SignupBody
    do {
      body = try JSONDecoder().decode(SignupBody.self, from: Data(buffer.readableBytesView))
    } catch {
      // GitHub's own wording for a body that is not the expected JSON object.
      throw APIError.badRequest("Problems parsing JSON")
    }
    do {
      let account = try await accounts.createAccount(username: body.username ?? "", password: body.password ?? "")
      return try JSONResponse.make(status: .created, UserBody(account))
    } catch let error as AccountStoreError {
      if error.isUsernameTaken { throw APIError(status: .conflict, message: "Username already taken") }
      if !error.fieldErrors.isEmpty { throw APIError.validationFailed(error.fieldErrors) }
      throw error
    }
  }
}
