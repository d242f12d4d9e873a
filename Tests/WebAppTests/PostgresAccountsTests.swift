import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import PostgresDatabase
import PostgresTestSupport
import RepositoryIndex
import Testing
@testable import WebApp

/// The application on PostgreSQL accounts: a database that cannot be reached, and two server processes.
@Suite(.enabled(if: TestPostgres.isAvailable, TestPostgres.skipReason), .timeLimit(.minutes(2)))
struct PostgresAccountsTests {
  /// With the database out of reach the API answers `503` with `retry-after` (not `500`), `/readyz`
  /// names the accounts database (still `200`), and no answer shows the database's address or password.
  @Test func anUnreachableDatabaseIs503OnTheAPIAndOnReadyz() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      let accounts = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
      let index = try RepositoryIndex.inMemory()
      defer {
        try? accounts.close()
        try? index.close()
      }
      // The pool going away is what a database going away looks like to the store: `unavailable`.
      pool.close()
      await pool.waitUntilClosed()
      let app = buildApplication(
        .testDefault, accounts: accounts, index: index, httpClient: .shared, logger: TestApp.quietLogger)
      try await app.test(.router) { client in
        let lookup = try await client.execute(uri: "/users/octocat", method: .get)
        let signup = try await client.execute(
          uri: "/users", method: .post, headers: .json,
          body: ByteBuffer(string: #"{"username":"octocat","password":"hunter22"}"#))
        for response in [lookup, signup] {
          #expect(response.status == .serviceUnavailable)
          #expect(response.headers[.retryAfter] == "5")
          #expect(response.json["message"] as? String == "The account database is unavailable: try again later")
        }
        // A database every instance shares is named, but is no reason to leave the balancer.
        let readiness = try await client.execute(uri: "/readyz", method: .get)
        #expect(readiness.status == .ok)
        #expect(readiness.text == #"{"status":"ok","degraded":["accounts database unavailable"]}"#)
        for response in [lookup, signup, readiness] {
          #expect(!response.text.contains(try #require(url.password)))
          #expect(!response.text.contains(url.database))
        }
      }
    }
  }

  /// The live Signup page says so when the database is out of reach, for a username check and a signup.
  @Test func anUnreachableDatabaseIsShownOnTheLiveSignupPage() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let pool = PostgresPool(url: url, options: TestPostgres.poolOptions)
      let accounts = try await AccountStore(postgres: pool, passwordHasher: .insecureFastBcryptForTesting)
      defer { try? accounts.close() }
      pool.close()
      await pool.waitUntilClosed()
      try await withLivePage("/live/signup?engine=reactor&lang=en", of: try TestApp(accounts: accounts),
        receiving: LiveMessage.self) { send, inbox in
        try await send(event("usernameChanged", "newbie"))
        let checked = await inbox.first { $0.username?.message == "Error contacting server" }
        #expect(checked?.username?.tone == "failure")
      }
    }
  }

  /// Two `octoreact serve` processes on one PostgreSQL database, as behind a load balancer: an account
  /// signed up through one is found through the other at once, although the other looked it up before.
  @Test func anAccountSignedUpThroughOneServerIsFoundThroughTheOtherAtOnce() async throws {
    try await TestPostgres.withScratchDatabase { (url: PostgresURL) async throws in
      let database = TestPostgres.text(of: url)
      let first = try await ServerProcess(arguments: ["--database", database, "--rate-limit", "off"])
      defer { first.signal(SIGKILL) }
      let second = try await ServerProcess(arguments: ["--database", database, "--rate-limit", "off"])
      defer { second.signal(SIGKILL) }

      let before = try await get("http://127.0.0.1:\(second.port)/users/octocat")
      #expect(before.status == .notFound)
      #expect(try await get("http://127.0.0.1:\(second.port)/users/octocat").status == .notFound)

      var signup = HTTPClientRequest(url: "http://127.0.0.1:\(first.port)/users")
      signup.method = .POST
      signup.headers.add(name: "Content-Type", value: "application/json")
      signup.body = .bytes(ByteBuffer(string: #"{"username":"OctoCat","password":"hunter22"}"#))
      let created = try await HTTPClient.shared.execute(signup, timeout: .seconds(30))
      #expect(created.status == .created)

      let found = try await get("http://127.0.0.1:\(second.port)/users/octocat")
      #expect(found.status == .ok)
      let body = String(buffer: try await found.body.collect(upTo: 1 << 16))
      #expect(body.contains(#""login":"OctoCat""#))

      signup.body = .bytes(ByteBuffer(string: #"{"username":"octocat","password":"hunter22"}"#))
      signup.url = "http://127.0.0.1:\(second.port)/users"
      #expect(try await HTTPClient.shared.execute(signup, timeout: .seconds(30)).status == .conflict)
      let ready = try await get("http://127.0.0.1:\(first.port)/readyz")
      #expect(ready.status == .ok)
      // The servers' pools hold connections to the scratch database: it is dropped WITH (FORCE).
    }
  }

  private func get(_ url: String) async throws -> HTTPClientResponse {
    try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
  }
}
