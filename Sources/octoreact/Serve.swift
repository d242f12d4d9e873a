import AccountStore
public import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import PostgresDatabase
import RepositoryIndex
import WebApp

/// `octoreact serve`: the API, the pages and the live bridge on one HTTP server.
struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve the Octoreact web application and its GitHub-compatible API (the default command).",
    discussion: """
      Every option can also be set by an environment variable: OCTOREACT_ and the option's name in capitals, \
      dashes as underscores (--database: OCTOREACT_DATABASE, --rate-limit: OCTOREACT_RATE_LIMIT, \
      --log-format: OCTOREACT_LOG_FORMAT). The command line wins. A flag's variable is true or false; a \
      repeatable option's is a comma-separated list (OCTOREACT_ALLOWED_ORIGIN=https://a.example,https://b.example).
      """
  )

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(
    help: ArgumentHelp(
      "The account database: a SQLite file, created with its folder on first run (default: octoreact.sqlite in the data folder, ~/.local/share/octoreact), or a PostgreSQL URL, postgres://user:password@host:port/database[?sslmode=disable|prefer|require], shared by several servers. OCTOREACT_DATABASE_URL is read when neither --database nor OCTOREACT_DATABASE is set.",
      valueName: "path|url"
    )
  )
  var database: String?

  @Option(help: "The repository index (SQLite FTS5); built from the bundled demo list on first run.")
  var index: String = DataDirectory.defaultIndexPath

  @Flag(help: "Ask GitHub itself (api.github.com) whether a username is taken and search its repositories, instead of this server.")
  var github = false

  @Option(
    help: ArgumentHelp(
      "Per-client rate limits, answered as GitHub does (on by default). Each client address (IPv6: its /64) may make 300 user lookups (GET /users/{name} and the Signup page's checks) per 15 minutes, 120 searches per minute and 5 signups per minute; `off` lifts them all, for tests and benchmarks.",
      valueName: "on|off"
    )
  )
  var rateLimit: RateLimitSwitch = .on

  @Option(
    help: ArgumentHelp(
      "Searches per minute each client may make, on the API and the Search page (default: 120).",
      valueName: "n"
    )
  )
  var searchRateLimit: Int?

  @Option(
    help: ArgumentHelp(
      "The address of a load balancer in front of this server, such as 127.0.0.1: for requests from it, the last X-Forwarded-For entry (the one it added) is the client the rate limits count; repeatable (default: none, every client is its connection's address).",
      valueName: "address"
    )
  )
  var trustedProxy: [String] = []

  @Option(
    help: ArgumentHelp(
      "The GitHub token for --github (default: the OCTOREACT_GITHUB_TOKEN environment variable).",
      valueName: "token"
    )
  )
  var githubToken: String?

  @Option(
    help: ArgumentHelp(
      "The URL clients reach this server at, for the absolute URLs it writes and the origin its live pages accept (default: http://HOST:PORT as bound, http://localhost:PORT for 0.0.0.0 or ::).",
      valueName: "url"
    )
  )
  var publicURL: String?

  @Option(
    help: ArgumentHelp(
      "An origin whose pages may open the live WebSockets, such as https://octoreact.example; repeatable (default: the public URL's origin).",
      valueName: "origin"
    )
  )
  var allowedOrigin: [String] = []

  @Option(
    help: ArgumentHelp(
      "For tests only: every answer to a Signup page (username checks and signups) waits this many milliseconds first, so browser tests can watch the activity indicators (default: 0).",
      valueName: "ms"
    )
  )
  var signupDelay = 0

  @Option(
    help: ArgumentHelp(
      "Whether GET /metrics answers with Prometheus metrics (on by default; they reveal traffic figures to whoever reaches the port).",
      valueName: "on|off"
    )
  )
  var metrics: RateLimitSwitch = .on

  @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
  var logLevel = "info"

  @Option(help: "The log lines' format: text, or json (one object per line: time, level, label, message, metadata).")
  var logFormat: LogLineFormat = .text

  @OptionGroup(title: "Connection limits")
  var connections: ConnectionOptions
  @Option(
    help: ArgumentHelp(
      "Lines each log statement may write per minute; the rest are counted in one summary line (0: no limit).",
      valueName: "n"
    )
  )
  var logLinesPerMinute = 10

  func validate() throws {
    guard Logger.Level(rawValue: logLevel) != nil else {
      throw ValidationError("unknown log level \"\(logLevel)\": use trace, debug, info, notice, warning, error or critical")
    }
    let database = accountDatabaseLocation
    if PostgresURL.isPostgresURL(database) {
      do {
        _ = try PostgresURL(database)
      } catch {
        throw ValidationError("--database: \(error)")
      }
    }
    guard (0...65_535).contains(port) else { throw ValidationError("the port must be between 0 and 65535") }
    guard (0...1_000_000).contains(logLinesPerMinute) else {
      throw ValidationError("--log-lines-per-minute must be between 0 (no limit) and 1000000")
    }
    if let publicURL, let problem = PublicAddress.problem(withBaseURL: publicURL) {
      throw ValidationError("--public-url \(problem)")
    }
    for (option, value) in allowedOrigin.map({ ("--allowed-origin", $0) }) {
      guard let url = URLComponents(string: value), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host?.isEmpty == false
      else {
        throw ValidationError("\(option) must be an http:// or https:// URL with a host, such as https://octoreact.example")
      }
    }
    guard (0...60_000).contains(signupDelay) else {
      throw ValidationError("--signup-delay must be between 0 and 60000 milliseconds")
    }
    if let searchRateLimit, !(1...1_000_000).contains(searchRateLimit) {
      throw ValidationError("--search-rate-limit must be between 1 and 1000000")
    }
    do {
      _ = try TrustedProxies(trustedProxy)
    } catch {
      throw ValidationError("--trusted-proxy: \(error)")
    }
    if searchRateLimit != nil, rateLimit == .off {
      throw ValidationError("--search-rate-limit has no effect with --rate-limit off")
    }
  }

  /// The budgets the options ask for: the standard ones, or none, with the search limit given.
  var rateLimits: RateLimits {
    guard rateLimit == .on else { return .off }
    var limits = RateLimits.standard
    if let searchRateLimit { limits.search = RateLimitRule(limit: searchRateLimit, window: .seconds(60)) }
    return limits
  }

  func run() async throws {
    // Lines are written from a background thread, so a request never waits for standard error; closed
    // last (the `defer` runs after every other), which writes what is pending.
    let logOutput = LogWriter(format: logFormat)
    defer { logOutput.close() }
    let level = Logger.Level(rawValue: logLevel) ?? .info
    LoggingSystem.bootstrap { [logFormat] label in
      ServerLogHandler(label: label, output: logOutput, format: logFormat, level: level)
    }
    let logger = Logger(label: "octoreact")
    let database = accountDatabaseLocation
    let accounts = try await DatabaseOption.openAccounts(database, logger: Logger(label: "octoreact.postgres"))
    do {
      try await serve(
        accounts: accounts.store, postgres: accounts.postgres, database: database, logger: logger)
    } catch {
      await accounts.close()
      throw error
    }
    await accounts.close()
  }

  /// `--database`, else `OCTOREACT_DATABASE` (both filled in by the environment options), else
  /// `OCTOREACT_DATABASE_URL`, else the default SQLite file.
  var accountDatabaseLocation: String {
    if let database { return database }
    if let url = ProcessInfo.processInfo.environment["OCTOREACT_DATABASE_URL"], !url.isEmpty { return url }
    return DataDirectory.defaultDatabasePath
  }

  /// Serves until a signal; `postgres` is the account database's pool when it is PostgreSQL, where the rate
  /// limits are then counted too, so that every server on it shares each client's budgets.
  private func serve(
    accounts: AccountStore, postgres: PostgresPool?, database: String, logger: Logger
  ) async throws {
    let rateLimitDatabase = rateLimit == .on ? postgres : nil
    if let rateLimitDatabase {
      do {
        try await rateLimitDatabase.migrate(RateLimitTable.migrations)
      } catch {
        throw CommandFailure("--database: the rate-limit table: \(error)")
      }
    }
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
    var configuration = AppConfiguration(host: host, port: port, rateLimits: rateLimits)
    configuration.connectionLimits = connections.limits
    configuration.publicBaseURL = publicURL
    configuration.signupAnswerDelay = .milliseconds(signupDelay)
    configuration.allowedOrigins = allowedOrigin
    configuration.trustedProxies = try TrustedProxies(trustedProxy)
    configuration.exposesMetrics = metrics == .on
    configuration.logLineLimit = logLinesPerMinute == 0 ? nil : WindowLimit(logLinesPerMinute, per: .seconds(60))
    if github {
      configuration.availability = .github(token: token)
      configuration.search = .github(token: token)
    }
    let drain = DrainState()
    let app = buildApplication(
      configuration,
      accounts: accounts,
      index: repositories,
      httpClient: .shared,
      drain: drain,
      metrics: postgres.map { pool in
        // The pool's connections, which the rate limits share with the accounts.
        ServerMetrics(databasePool: {
          DatabasePoolUsage(
            inUse: pool.connectionsInUse, capacity: pool.options.maximumConnections,
            isReachable: pool.unreachableReason == nil)
        })
      },
      rateLimitDatabase: rateLimitDatabase,
      logger: logger,
      onServerRunning: { [host] port in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        // Written unbuffered: scripts and tests read this line from a pipe to learn the port.
        FileHandle.standardOutput.write(Data("Octoreact is running at \(url)  (Ctrl-C to stop)\n".utf8))
      }
    )
    logger.info(
      "Starting",
      metadata: ["database": "\(DatabaseOption.loggable(database))", "index": "\(index)", "github": "\(github ? "api.github.com" : "local")"]
    )
    do {
      try await app.runService(shutdownGrace: connections.shutdownGraceDuration, drain: drain, logger: logger)
    } catch {
      throw CommandFailure(StartupError.describe(error, host: host, port: port))
    }
    // The last line, written by the log writer's `close()` as the process ends.
    logger.info("Stopped")
  }
}

/// `serve --log-format text|json`.
extension LogLineFormat: ExpressibleByArgument {}

/// `serve --rate-limit on|off` and `--metrics on|off`.
enum RateLimitSwitch: String, ExpressibleByArgument, CaseIterable {
  case on
  case off
}
