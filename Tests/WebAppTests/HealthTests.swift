import AccountStore
import Foundation
import HTTPTypes
import AsyncHTTPClient
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing
@testable import WebApp

/// `/healthz` and `/readyz` over real HTTP on loopback, on real database files (issue 14, item 4).
@Suite(.timeLimit(.minutes(1)))
struct HealthTests {
  /// A server on database files in a fresh folder, and the parts a test closes or drains.
  struct Server {
    let folder = TemporaryDatabase()
    let accounts: AccountStore
    let index: RepositoryIndex
    let drain = DrainState()

    init() throws {
      accounts = try AccountStore(path: folder.path)
      index = try RepositoryIndex(path: folder.folder.appendingPathComponent("repositories.sqlite").path)
    }

    func test(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
      defer {
        try? accounts.close()
        try? index.close()
        folder.cleanUp()
      }
      let app = buildApplication(
        .testDefault, accounts: accounts, index: index, httpClient: .shared, drain: drain, logger: TestApp.quietLogger)
      try await app.test(.live, body)
    }
  }

  @Test func healthzAnswersOkWithoutCaching() async throws {
    try await Server().test { client in
      let get = try await client.execute(uri: "/healthz", method: .get)
      #expect(get.status == .ok)
      #expect(get.text == #"{"status":"ok"}"#)
      #expect(get.headers[.contentType] == "application/json; charset=utf-8")
      #expect(get.headers[.cacheControl] == "no-store")
      let head = try await client.execute(uri: "/healthz", method: .head)
      #expect(head.status == .ok && head.body.readableBytes == 0)
    }
  }

  @Test func readyzAnswersOkWhileTheDatabasesAnswer() async throws {
    try await Server().test { client in
      let get = try await client.execute(uri: "/readyz", method: .get)
      #expect(get.status == .ok)
      #expect(get.text == #"{"status":"ok"}"#)
      #expect(get.headers[.cacheControl] == "no-store")
      let head = try await client.execute(uri: "/readyz", method: .head)
      #expect(head.status == .ok && head.body.readableBytes == 0)
    }
  }

  @Test func readyzAnswers503WithTheAccountsDatabaseClosed() async throws {
    let server = try Server()
    try await server.test { client in
      try server.accounts.close()
      let get = try await client.execute(uri: "/readyz", method: .get)
      #expect(get.status == .serviceUnavailable)
      #expect(get.text == #"{"status":"unavailable","reasons":["accounts database unavailable"]}"#)
      #expect(get.headers[.cacheControl] == "no-store")
      #expect(!get.text.contains(server.folder.folder.path), "no path in the answer")
      // Alive all the same.
      #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
    }
  }

  @Test func readyzAnswers503WithTheIndexClosed() async throws {
    let server = try Server()
    try await server.test { client in
      try server.index.close()
      let get = try await client.execute(uri: "/readyz", method: .get)
      #expect(get.status == .serviceUnavailable)
      #expect(get.text == #"{"status":"unavailable","reasons":["repository index unavailable"]}"#)
      let head = try await client.execute(uri: "/readyz", method: .head)
      #expect(head.status == .serviceUnavailable && head.body.readableBytes == 0)
    }
  }

  @Test func readyzAnswers503OnceDrainingBegan() async throws {
    let server = try Server()
    try await server.test { client in
      await server.drain.beginDraining()
      let get = try await client.execute(uri: "/readyz", method: .get)
      #expect(get.status == .serviceUnavailable)
      #expect(get.text == #"{"status":"draining"}"#)
      #expect(get.headers[.cacheControl] == "no-store")
      #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
    }
  }

  /// Probes come often from a balancer's few addresses: they spend no client's budget.
  @Test func probesAreNotRateLimited() async throws {
    let server = try Server()
    var configuration = AppConfiguration.testDefault
    configuration.rateLimits = .standard
    let app = buildApplication(
      configuration, accounts: server.accounts, index: server.index, httpClient: .shared, drain: server.drain,
      logger: TestApp.quietLogger)
    try await app.test(.router) { client in
      for _ in 0..<400 {
        #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
      }
      let answer = try await client.execute(uri: "/healthz", method: .get)
      #expect(answer.headers[HTTPField.Name("x-ratelimit-limit")!] == nil)
    }
    try? server.accounts.close()
    try? server.index.close()
    server.folder.cleanUp()
  }
}
