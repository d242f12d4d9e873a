import AccountStore
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOHTTP1
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import RepositoryIndex
import Synchronization
import Testing
@testable import WebApp

/// Signups beyond the hashing the server takes on: a clear `503` on the API and a clear message on
/// the page, while lookups go on.
@Suite(.timeLimit(.minutes(1)))
struct SignupLoadTests {
  /// A fast hasher whose first hash holds its GCD thread until `release` is signalled.
  final class HeldHasher: Sendable {
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let held = Mutex(false)

    var hasher: PasswordHasher {
      let base = PasswordHasher.insecureFastBcryptForTesting
      return PasswordHasher(
        maximumPasswordBytes: base.maximumPasswordBytes,
        hash: { password in
          let first = self.held.withLock { held in
            defer { held = true }
            return !held
          }
          if first {
            self.started.signal()
            self.release.wait()
          }
          return base.hash(password)
        },
        verify: { base.verify($0, hash: $1) }
      )
    }

    func waitUntilStarted() async {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          self.started.wait()
          continuation.resume()
        }
      }
    }
  }

  static func body(_ username: String) -> ByteBuffer {
    ByteBuffer(string: #"{"username": "\#(username)", "password": "secret12"}"#)
  }

  /// `POST /users` over a connection of its own; the answer's status.
  static func signUp(_ username: String, port: Int) async throws -> HTTPResponseStatus {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/users")
    request.method = .POST
    request.headers.add(name: "content-type", value: "application/json")
    request.body = .bytes(body(username))
    return try await HTTPClient.shared.execute(request, timeout: .seconds(30)).status
  }

  @Test func aSignupBeyondTheHashingLineIs503WithRetryAfterWhileLookupsGoOn() async throws {
    let held = HeldHasher()
    let accounts = try AccountStore.inMemory(
      passwordHasher: held.hasher, hashingLimits: HashingLimits(maxConcurrent: 1, maxWaiting: 0))
    let app = buildApplication(
      .testDefault, accounts: accounts, index: try RepositoryIndex.inMemory(), httpClient: .shared,
      logger: TestApp.quietLogger)
    try await app.test(.live) { client in
      // On a connection of its own: the test client's one connection would wait for this answer.
      let first = Task { try await Self.signUp("first", port: try #require(client.port)) }
      await held.waitUntilStarted()

      let refused = try await client.execute(uri: "/users", method: .post, headers: .json, body: Self.body("second"))
      #expect(refused.status == .serviceUnavailable)
      #expect(refused.headers[.retryAfter].flatMap { Int($0) } == 1)
      #expect((refused.json["message"] as? String)?.hasPrefix("The server is busy") == true)
      // A lookup is answered while the only hashing place is held.
      let lookup = try await client.execute(uri: "/users/nobody", method: .get)
      #expect(lookup.status == .notFound)

      held.release.signal()
      #expect(try await first.value == .created)
    }
    #expect(try await accounts.account(named: "second") == nil)
  }

  @Test func theSignupPageSaysTheServerIsBusy() async throws {
    let held = HeldHasher()
    let accounts = try AccountStore.inMemory(
      passwordHasher: held.hasher, hashingLimits: HashingLimits(maxConcurrent: 1, maxWaiting: 0))
    let app = buildApplication(
      .testDefault, accounts: accounts, index: try RepositoryIndex.inMemory(), httpClient: .shared,
      logger: TestApp.quietLogger)
    try await app.test(.live) { client in
      // On a connection of its own: the test client's one connection would wait for this answer.
      let first = Task { try await Self.signUp("first", port: try #require(client.port)) }
      await held.waitUntilStarted()
      _ = try await client.ws("/live/signup") { inbound, outbound, _ in
        let inbox = LiveInbox<LiveMessage>()
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for try await message in inbound.messages(maxSize: 1 << 20) {
              if case .text(let text) = message { inbox.append(text) }
            }
          }
          try await outbound.write(.text(event("usernameChanged", "second")))
          try await outbound.write(.text(event("passwordChanged", "secret12")))
          try await outbound.write(.text(event("repeatedPasswordChanged", "secret12")))
          await inbox.first { $0.signupEnabled == true }
          try await outbound.write(.text(event("signup")))
          let shown = await inbox.first { $0.alert != nil }
          #expect(shown?.alert == "Sign up failed: the server is busy, try again in 1 s.")
          group.cancelAll()
        }
      }
      held.release.signal()
      #expect(try await first.value == .created)
    }
  }
}
