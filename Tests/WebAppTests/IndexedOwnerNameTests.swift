import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import SignupFeature
import Testing
@testable import WebApp

/// A login that owns repositories of the index is taken: `GET /users/{name}` shows that owner, so neither
/// the API nor the Signup page may give the name to a new account.
@Suite(.timeLimit(.minutes(1)))
struct IndexedOwnerNameTests {
  @Test func signingUpAsAnIndexedOwnerIs409InAnyLetterCase() async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    try await app.application().test(.router) { client in
      for name in ["apple", "APPLE"] {
        let response = try await client.execute(
          uri: "/users", method: .post, headers: .json,
          body: ByteBuffer(string: #"{"username": "\#(name)", "password": "secret12"}"#))
        #expect(response.status == .conflict)
        #expect(response.json["message"] as? String == "Username already taken")
      }
      // The name still shows its owner, not an account.
      let owner = try await client.execute(uri: "/users/apple", method: .get)
      #expect(owner.status == .ok && owner.json["login"] as? String == "apple")
      let other = try await client.execute(
        uri: "/users", method: .post, headers: .json,
        body: ByteBuffer(string: #"{"username": "newcomer", "password": "secret12"}"#))
      #expect(other.status == .created)
    }
  }

  @Test func theSignupPageFindsAnIndexedOwnersNameTakenAndCannotTakeIt() async throws {
    let index = try RepositoryIndex.inMemory()
    _ = try await index.importRepositories(from: Data("apple/swift".utf8))
    let accounts = try AccountStore.inMemory()
    let api = LiveRoute.testing(accounts: accounts, index: index).signupAPI(for: "a")
    #expect(try await api.usernameAvailable("Apple") == false)
    #expect(try await api.usernameAvailable("newcomer") == true)
    #expect(try await api.signup("apple", "secret12") == .refused)
    #expect(try await accounts.account(named: "apple") == nil)
  }
}
