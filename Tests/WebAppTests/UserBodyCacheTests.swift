import AccountStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import WebApp

/// `GET /users/{name}` renders an account's body once, and never serves a body for another account.
struct UserBodyCacheTests {
  static let octocat = Account(id: 1, login: "octocat", createdAt: Date(timeIntervalSince1970: 1_296_000_000))

  static func userJSON(_ account: Account) -> String {
    UsersController.userJSON(account, baseURL: "https://octoreact.example")
  }

  @Test func anAccountIsRenderedOnce() {
    let cache = UserBodyCache()
    var renders = 0
    let render = { (account: Account) -> String in
      renders += 1
      return Self.userJSON(account)
    }
    let first = cache.body(for: Self.octocat, render: render)
    let second = cache.body(for: Self.octocat, render: render)
    #expect(renders == 1)
    #expect(first == second)
    #expect(String(buffer: first) == Self.userJSON(Self.octocat))
  }

  /// An id that comes back with another login (the database was replaced) is rendered anew.
  @Test func anotherAccountWithTheSameIdIsRenderedAgain() {
    let cache = UserBodyCache()
    _ = cache.body(for: Self.octocat, render: Self.userJSON)
    let other = Account(id: 1, login: "hubot", createdAt: Self.octocat.createdAt)
    let body = cache.body(for: other, render: Self.userJSON)
    #expect(String(buffer: body).contains("\"login\":\"hubot\""))
  }

  @Test func theCacheNeverHoldsMoreThanItsCapacity() {
    let cache = UserBodyCache(capacity: 3)
    for id in 1...10 {
      let account = Account(id: Int64(id), login: "user\(id)", createdAt: Self.octocat.createdAt)
      let body = cache.body(for: account, render: Self.userJSON)
      #expect(String(buffer: body).contains("\"login\":\"user\(id)\""))
      #expect(cache.count <= 3)
    }
  }

  /// The security headers are appended, not set by name: each response must carry each exactly once.
  @Test(arguments: ["/users/octocat", "/users/nobody", "/", "/search", "/assets/style.css", "/no/such/page"])
  func everyResponseCarriesEachSecurityHeaderOnce(_ path: String) async throws {
    let app = try TestApp()
    _ = try await app.accounts.createAccount(username: "octocat", password: "secret1")
    try await app.application().test(.router) { client in
      for _ in 0..<2 {
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.headers[values: .contentSecurityPolicy].count == 1, "\(path)")
        #expect(response.headers[values: .xContentTypeOptions] == ["nosniff"], "\(path)")
      }
    }
  }
}
