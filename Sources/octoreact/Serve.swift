import AccountStore
import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import RepositoryIndex
import WebApp

/// `octoreact serve`: the API, the pages and the live bridge on one HTTP server.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the Octoreact web application and its GitHub-compatible API (the default command)."
  )

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(help: "The account database file (SQLite); created with its folder on first run.")
  var database: String = DataDirectory.defaultDatabasePath

  @Option(help: "The repository index (SQLite FTS5); built from the bundled demo list on first run.")
  var index: String = DataDirectory.defaultIndexPath

  @Flag(help: "Ask GitHub itself (api.github.com) whether a username is taken and search its repositories, instead of this server.")
  var github = false

  @Option(
    help: ArgumentHelp(
      "Searches per minute each client may make on this server's API, answered as GitHub does when exceeded (default: no limit).",
      valueName: "n"
    )
  )
  var searchRateLimit: Int?

  @Option(
    help: ArgumentHelp(
      "The GitHub token for --github (default: the OCTOREACT_GITHUB_TOKEN environment variable).",
      valueName: "token"
    )
  )
  var githubToken: String?

  @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel = "info"

  @OptionGroup(title: "Connection limits")
  var connections: ConnectionOptions

  func validate() throws {
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError("unknown log level \"\(logLevel)\": use trace, debug, info, notice, warning, error or critical")
    }
    guard (0...65_535).contains(port) else { throw ValidationError("the port must be between 0 and 65535") }
    if let searchRateLimit, searchRateLimit < 1 {
      throw ValidationError("--search-rate-limit must be at least 1")
    }
    try connections.validate()
  }

  func run() async throws {
    LoggingSystem.bootstrap { label in
      var handler = ServerLogHandler(StreamLogHandler.standardError(label: label))
      handler.logLevel = Logger.Level(rawValue: logLevel) ?? .info
      return handler
    }
    let logger = Logger(label: "octoreact")
    let accounts = try DatabaseOption.openAccounts(at: database)
    defer { try? accounts.close() }
    let repositories = try DatabaseOption.openIndex(at: index)
    do {
      if let report = try await repositories.importDemoDataIfEmpty() {
        logger.info("Built the repository index from the demo list", metadata: ["repositories": "\(report.inserted)"])
      }
    } catch {
      throw CommandFailure("\(error)")
    }
    defer { try? repositories.close() }

    let token = githubToken ?? ProcessInfo.processInfo.environment["OCTOREACT_GITHUB_TOKEN"]
    DescriptorLimit.raise()
    var configuration = AppConfiguration(host: host, port: port, searchRateLimit: searchRateLimit)
    configuration.connectionLimits = connections.limits
    if github {
      configuration.availability = .github(token: token)
      configuration.search = .github(token: token)
    }
    let app = buildApplication(
      configuration,
      accounts: accounts,
      index: repositories,
      httpClient: .shared,
      logger: logger,
      onServerRunning: { [host] port in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        // Written unbuffered: scripts and tests read this line from a pipe to learn the port.
        FileHandle.standardOutput.write(Data("Octoreact is running at \(url)  (Ctrl-C to stop)\n".utf8))
      }
    )
    logger.info(
      "Starting",
      metadata: ["database": "\(database)", "index": "\(index)", "github": "\(github ? "api.github.com" : "local")"]
    )
    do {
      try await app.runService(shutdownGrace: connections.shutdownGraceDuration, logger: logger)
    } catch {
      throw CommandFailure(StartupError.describe(error, host: host, port: port))
    }
  }
}
