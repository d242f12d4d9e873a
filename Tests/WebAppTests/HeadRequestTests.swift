import AccountStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import WebApp

/// `HEAD` is answered wherever `GET` is, with the same status and headers and no body (issue 13, item 6).
@Suite(.timeLimit(.minutes(1)))
struct HeadRequestTests {
  static let paths = [
    "/", "/signup", "/signup?lang=zh-Hans", "/search", "/OctoCat", "/nobody-here", "/users/OctoCat",
    "/users/nobody-here", "/search/repositories?q=swift", "/search/repositories?q=lang:", "/search/nothing",
    "/repositories/apple/swift", "/repositories/apple/nothing", "/signup?engine=elm",
  ]

  @Test(arguments: paths)
  func headAnswersAsGetWithoutABody(_ path: String) async throws {
    let app = try await TestApp.withRepositories(["apple/swift"])
    _ = try await app.accounts.createAccount(username: "OctoCat", password: "secret12")
    try await app.application().test(.router) { client in
      let get = try await client.execute(uri: path, method: .get)
      let head = try await client.execute(uri: path, method: .head)
      #expect(head.status == get.status)
      #expect(head.headers[.contentType] == get.headers[.contentType])
      #expect(head.headers[.contentLength] == get.headers[.contentLength])
      #expect(head.body.readableBytes == 0)
      #expect(get.status.code == 404 || get.status.code == 400 || get.status.code == 422 || get.body.readableBytes > 0)
    }
  }

  /// On the wire: a `HEAD` leaves the keep-alive connection usable for the next request.
  @Test func aHeadOnTheWireKeepsTheConnectionUsable() async throws {
    let app = try TestApp()
    try await app.application().test(.live) { client in
      let head = try await client.execute(uri: "/signup", method: .head)
      #expect(head.status == .ok)
      #expect(head.body.readableBytes == 0)
      let get = try await client.execute(uri: "/signup", method: .get)
      #expect(get.status == .ok && get.body.readableBytes > 0)
    }
  }
}
