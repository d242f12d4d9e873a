import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import RepositoryIndex
import Testing
@testable import WebApp

/// Two servers on one account database: the built `octoreact serve` in a child process, and the application
/// in this one, each with its own connections to the file.
@Suite("A second server process")
struct SecondServerProcessTests {
  @Test func anAccountCreatedThroughTheOtherServerIsFoundAtOnce() async throws {
    let other = try await ServerProcess(arguments: [])
    defer { other.signal(SIGKILL) }
    let accounts = try AccountStore(
      path: other.folder.appendingPathComponent("accounts.sqlite").path,
      passwordHasher: .insecureFastBcryptForTesting)
    let index = try RepositoryIndex.inMemory()
    defer {
      try? accounts.close()
      try? index.close()
    }
    let app = buildApplication(.testDefault, accounts: accounts, index: index, httpClient: .shared,
      logger: TestApp.quietLogger)
    try await app.test(.live) { client in
      // This server remembers that nobody has the name.
      #expect(try await client.execute(uri: "/users/octocat", method: .get).status == .notFound)
      #expect(try await client.execute(uri: "/users/octocat", method: .get).status == .notFound)

      var signup = HTTPClientRequest(url: "http://127.0.0.1:\(other.port)/users")
      signup.method = .POST
      signup.headers.add(name: "Content-Type", value: "application/json")
      signup.body = .bytes(ByteBuffer(string: #"{"username":"octocat","password":"hunter22"}"#))
      let created = try await HTTPClient.shared.execute(signup, timeout: .seconds(30))
      try #require(created.status == .created)

      let found = try await client.execute(uri: "/users/OctoCat", method: .get)
      #expect(found.status == .ok)
      #expect(found.json["login"] as? String == "octocat")
      let again = try await client.execute(
        uri: "/users", method: .post, headers: .json,
        body: ByteBuffer(string: #"{"username":"octocat","password":"hunter22"}"#))
      #expect(again.status == .conflict)
    }
  }
}
