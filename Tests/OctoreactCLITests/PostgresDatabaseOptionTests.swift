import Foundation
import Testing

/// `serve --database postgres://…` (or `OCTOREACT_DATABASE`, `OCTOREACT_DATABASE_URL`): a malformed URL is
/// refused before anything starts, saying which part is wrong and never repeating the password.
@Suite("PostgreSQL database option")
struct PostgresDatabaseOptionTests {
  static let password = "Sup3rSecretPassw0rd"
  static let badPort = "postgres://octoreact:\(password)@127.0.0.1:99999/accounts"

  @Test func aMalformedURLIsRefusedWithoutThePassword() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serve", "--port", "0", "--database", Self.badPort], in: folder)
      #expect(run.status != 0)
      #expect(run.standardError.contains("--database: Invalid PostgreSQL URL: the port must be between 1 and 65535"))
      #expect(!run.standardError.contains(Self.password) && !run.standardOutput.contains(Self.password))
    }
  }

  @Test(arguments: ["OCTOREACT_DATABASE", "OCTOREACT_DATABASE_URL"])
  func aMalformedURLFromTheEnvironmentIsRefusedWithoutThePassword(_ variable: String) async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serve", "--port", "0"], in: folder, environment: [variable: Self.badPort])
      #expect(run.status != 0)
      #expect(run.standardError.contains("the port must be between 1 and 65535"), "\(run.standardError)")
      #expect(!run.standardError.contains(Self.password) && !run.standardOutput.contains(Self.password))
    }
  }

  @Test func theHelpNamesBothForms() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serve", "--help"], in: folder)
      let help = run.standardOutput.replacingOccurrences(of: "\n", with: " ")
        .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
      #expect(help.contains("a SQLite file"))
      #expect(help.contains("postgres://user:password@host:port/database"))
      #expect(help.contains("OCTOREACT_DATABASE_URL"))
    }
  }
}
