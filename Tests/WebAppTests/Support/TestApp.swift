import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import RepositoryIndex
import SignupFeature

@testable import WebApp

/// Builds the real application around a fresh account store and repository index, for router and
/// live tests.
struct TestApp {
  let accounts: AccountStore
  let index: RepositoryIndex
  let configuration: AppConfiguration

  /// The configuration of a test app unless one is given: a free port and no throttling.
  static let defaultConfiguration = AppConfiguration(port: 0, usernameThrottle: .zero, queryThrottle: .zero)

  init(
    configuration: AppConfiguration = .testDefault
  ) throws {
    accounts = try AccountStore.inMemory()
    index = try RepositoryIndex.inMemory()
    self.configuration = configuration
  }

  /// An app on `accounts` (a PostgreSQL store, say) and an empty index in memory.
  init(accounts: AccountStore, configuration: AppConfiguration = .testDefault) throws {
    self.accounts = accounts
    index = try RepositoryIndex.inMemory()
    self.configuration = configuration
  }

  /// The app with `lines` (`owner/name`, one per line) in its index.
  static func withRepositories(
    _ lines: [String],
    configuration: AppConfiguration = .testDefault
  ) async throws -> TestApp {
    let app = try TestApp(configuration: configuration)
    _ = try await app.index.importRepositories(from: Data(lines.joined(separator: "\n").utf8))
    return app
  }

  static var quietLogger: Logger {
    var logger = Logger(label: "octoreact-test")
    logger.logLevel = .warning
    return logger
  }

  func application(
    clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Self.quietLogger
  ) -> some ApplicationProtocol {
    buildApplication(
      configuration, accounts: accounts, index: index, httpClient: .shared, clock: clock, logger: logger)
  }
}

extension AppConfiguration {
  /// Port 0, no throttles, and no rate limits: tests that exercise a limit set it explicitly.
  static var testDefault: AppConfiguration {
    AppConfiguration(port: 0, rateLimits: .off, usernameThrottle: .zero, queryThrottle: .zero)
  }
}

extension TestResponse {
  /// The body decoded as a JSON object.
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any] ?? [:]
  }

  var text: String { String(buffer: body) }
}

/// A unique temporary file path, removed (with its WAL files) by `cleanUp`.
struct TemporaryDatabase {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("octoreact-test-\(UUID().uuidString)")
  var path: String { folder.appendingPathComponent("accounts.sqlite").path }
  func cleanUp() { try? FileManager.default.removeItem(at: folder) }
}

extension HTTPFields {
  /// `Content-Type: application/json`, which `POST /users` requires.
  static let json: HTTPFields = [.contentType: "application/json"]
}
