import ArgumentParser
import Foundation
import Testing
import WebApp

@testable import octoreact

/// `serve`'s options read from `OCTOREACT_*` environment variables: what they set, that the command line
/// wins, and refusals that name the variable without repeating a secret.
@Suite("Environment options")
struct EnvironmentOptionsTests {
  func serve(_ arguments: [String], _ environment: [String: String]) throws -> Serve {
    try #require(try Octoreact.parseWithEnvironment(arguments, environment: environment) as? Serve)
  }

  @Test func theEnvironmentSetsOptionsFlagsListsAndGroupedOptions() throws {
    let environment = [
      "OCTOREACT_DATABASE": "/srv/accounts.sqlite", "OCTOREACT_RATE_LIMIT": "off", "OCTOREACT_GITHUB": "true",
      "OCTOREACT_ALLOWED_ORIGIN": "https://a.example, https://b.example", "OCTOREACT_IDLE_TIMEOUT": "5",
      "OCTOREACT_LOG_FORMAT": "json", "OCTOREACT_PORT": "", "OCTOREACT_GITHUB_TOKEN": "ghp_secret",
    ]
    for arguments in [[], ["serve"]] {
      let serve = try serve(arguments, environment)
      #expect(serve.database == "/srv/accounts.sqlite")
      #expect(serve.rateLimit == .off)
      #expect(serve.github)
      #expect(serve.allowedOrigin == ["https://a.example", "https://b.example"])
      #expect(serve.connections.idleTimeout == 5)
      #expect(serve.logFormat == .json)
      #expect(serve.port == 8080, "an empty variable counts as unset")
      #expect(serve.githubToken == "ghp_secret")
    }
    #expect(try serve([], ["OCTOREACT_GITHUB": "0"]).github == false)
    #expect(try serve([], ["OCTOREACT_TRUSTED_PROXY": "127.0.0.1,::1"]).trustedProxy == ["127.0.0.1", "::1"])
    #expect(try serve([], [:]).logFormat == .text)
  }

  @Test func theCommandLineWins() throws {
    let environment = ["OCTOREACT_PORT": "7", "OCTOREACT_RATE_LIMIT": "off", "OCTOREACT_ALLOWED_ORIGIN": "https://a.example"]
    let serve = try serve(
      ["serve", "--port", "9", "--rate-limit=on", "--allowed-origin", "https://c.example"], environment)
    #expect(serve.port == 9)
    #expect(serve.rateLimit == .on)
    #expect(serve.allowedOrigin == ["https://c.example"])
  }

  @Test func otherCommandsIgnoreTheEnvironment() throws {
    let command = try Octoreact.parseWithEnvironment(["search", "swift"], environment: ["OCTOREACT_INDEX": "/x"])
    let search = try #require(command as? SearchCommand)
    #expect(search.index == nil)
  }

  @Test func everyServeOptionHasItsVariable() throws {
    let options = try EnvironmentOptions.options(of: Serve.self)
    let names = Set(options.map(\.name))
    for name in ["host", "port", "database", "rate-limit", "allowed-origin", "github", "idle-timeout", "log-format"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(!names.contains("help") && !names.contains("version"))
    #expect(options.first { $0.name == "allowed-origin" }?.kind == .value(repeating: true))
    #expect(options.first { $0.name == "github" }?.kind == .flag(inverted: nil))
    #expect(EnvironmentOptions.variable(for: "rate-limit") == "OCTOREACT_RATE_LIMIT")
  }

  @Test(arguments: [
    ("OCTOREACT_PORT", "abc", "OCTOREACT_PORT (from the environment): The value 'abc' is invalid for 'OCTOREACT_PORT'"),
    ("OCTOREACT_PORT", "70000", "OCTOREACT_PORT (from the environment): the port must be between 0 and 65535"),
    ("OCTOREACT_RATE_LIMIT", "maybe", "OCTOREACT_RATE_LIMIT (from the environment): The value 'maybe' is invalid for 'OCTOREACT_RATE_LIMIT'"),
    ("OCTOREACT_SIGNUP_DELAY", "-1", "OCTOREACT_SIGNUP_DELAY (from the environment): OCTOREACT_SIGNUP_DELAY must be between 0 and 60000 milliseconds"),
    (
      "OCTOREACT_TRUSTED_PROXY", "localhost",
      "OCTOREACT_TRUSTED_PROXY (from the environment): OCTOREACT_TRUSTED_PROXY: \"localhost\" is not an IP address"
    ),
    ("OCTOREACT_GITHUB", "maybe", "OCTOREACT_GITHUB must be true or false (or 1 or 0, yes or no, on or off)"),
  ])
  func aBadValueNamesTheVariable(variable: String, value: String, message: String) async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serve", "--port", "0"].filter { _ in variable != "OCTOREACT_PORT" }, in: folder,
        environment: [variable: value])
      #expect(run.status == 64)
      let error = try #require(run.standardError.split(separator: "\n").first)
      #expect(error.hasPrefix("Error: " + message), "\(run.standardError)")
      #expect(run.standardOutput.isEmpty, "no server started")
    }
  }

  @Test func helpAndTheCommandLinesOwnErrorsComeFirst() async throws {
    let environment = ["OCTOREACT_PORT": "abc", "OCTOREACT_GITHUB": "maybe"]
    try await withTemporaryFolder { folder in
      for arguments in [["serve", "--help"], ["--help"], ["--version"]] {
        let run = try await CommandRun(arguments, in: folder, environment: environment)
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
      }
    }
    #expect {
      try serve(["--signup-delay", "x"], ["OCTOREACT_PORT": "abc"])
    } throws: { error in
      let message = Octoreact.message(for: error)
      return message.contains("'--signup-delay <ms>'") && !message.contains("OCTOREACT_PORT")
    }
  }

  @Test func aCombinationRefusedNamesTheVariablesSet() throws {
    #expect {
      try serve([], ["OCTOREACT_RATE_LIMIT": "off", "OCTOREACT_SEARCH_RATE_LIMIT": "10"])
    } throws: { error in
      "\(error)".contains("--search-rate-limit has no effect with --rate-limit off")
        && "\(error)".hasSuffix("(with OCTOREACT_RATE_LIMIT, OCTOREACT_SEARCH_RATE_LIMIT from the environment)")
    }
  }

  /// A query or fragment would sit in the middle of every link the server writes.
  @Test func aPublicURLWithAQueryOrFragmentIsRefused() throws {
    for (url, problem) in [
      ("https://octoreact.example/?utm=1", "--public-url must not have a query"),
      ("https://octoreact.example#top", "--public-url must not have a fragment"),
    ] {
      #expect {
        try serve(["--public-url", url], [:])
      } throws: { error in
        "\(error)".contains(problem)
      }
    }
    #expect(try serve(["--public-url", "https://octoreact.example/base/"], [:]).publicURL != nil)
  }

  @Test func aSecretValueIsNeverRepeated() {
    let url = "postgres://octoreact:hunter2@db.internal/octoreact"
    let setting = EnvironmentOptions.Setting(
      variable: "OCTOREACT_DATABASE", option: "database", value: url, arguments: ["--database", url])
    let error = EnvironmentOptions.attribute(
      CommandFailure("x"), arguments: [], settings: [setting],
      parse: { if !$0.isEmpty { throw ValidationError("--database: cannot open \(url)") } })
    #expect("\(error)" == "OCTOREACT_DATABASE (from the environment): OCTOREACT_DATABASE: cannot open (hidden)")
    let token = EnvironmentOptions.Setting(variable: "OCTOREACT_GITHUB_TOKEN", option: "github-token", value: "t", arguments: [])
    #expect(token.isSecret)
  }

  @Test func helpNamesTheVariables() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serve", "--help"], in: folder)
      #expect(run.status == 0)
      let help = run.standardOutput.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(
        of: " +", with: " ", options: .regularExpression)
      #expect(help.contains("Every option can also be set by an environment variable: OCTOREACT_ and the option's name"))
      #expect(help.contains("--database: OCTOREACT_DATABASE"))
      #expect(help.contains("--log-format <log-format>"))
    }
  }
}
