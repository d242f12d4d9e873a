import AccountStore
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import SignupFeature
@testable import WebApp

/// Builds the real application around a fresh account store, for router and live tests.
struct TestApp {
  let accounts: AccountStore
  let configuration: AppConfiguration

  init(configuration: AppConfiguration = AppConfiguration(port: 0, usernameThrottle: .zero)) throws {
    accounts = try AccountStore.inMemory()
    self.configuration = configuration
  }

  static var quietLogger: Logger {
    var logger = Logger(label: "octoreact-test")
    logger.logLevel = .warning
    return logger
  }

  func application() -> some ApplicationProtocol {
    buildApplication(configuration, accounts: accounts, httpClient: .shared, logger: Self.quietLogger)
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
