import ArgumentParser
import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SearchSyntax

extension IndexCommand {
  /// `octoreact index sync --github QUERY [--index PATH] [--api-url URL] [--limit N]`.
  struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fill the index with the results of a search on GitHub (or a GitHub-compatible API).",
      discussion: """
        Follows the search's pages (its Link headers) up to --limit or the 1,000 results the API serves, then \
        imports every field the items carry, as index import does: repositories already in the index are \
        updated, never duplicated, and items that cannot be imported are skipped and listed. A rate limit is \
        waited out (at most an hour at a time), with a progress line. Without --api-url the token comes from \
        --token or the OCTOREACT_GITHUB_TOKEN environment variable; it is never printed.
        """
    )

    @Option(
      name: .customLong("github"),
      help: ArgumentHelp(
        "The search query in GitHub's syntax, such as \"swift language:swift stars:>100\".", valueName: "query"))
    var query: String

    @Option(help: ArgumentHelp("The index database file; created with its folder if needed.", valueName: "path"))
    var index: String = DataDirectory.defaultIndexPath

    @Option(
      name: .customLong("api-url"),
      help: ArgumentHelp(
        "The API root to ask, such as another Octoreact server (default: \(SearchCommand.githubAPI)).",
        valueName: "url"))
    var apiURL: String?

    @Option(help: "The most repositories to fetch, 1 to 1000.")
    var limit = RepositorySearchQuery.resultLimit

    @Option(help: "Results asked for per page, 1 to 100.")
    var perPage = RepositorySearchQuery.maxPerPage

    @Option(help: "Order by stars, forks or updated instead of best match.")
    var sort: String?

    @Option(help: "asc or desc (the default) with --sort.")
    var order: String?

    @Option(
      help: ArgumentHelp(
        "A token sent as `Authorization: Bearer` (default without --api-url: OCTOREACT_GITHUB_TOKEN).",
        valueName: "token"))
    var token: String?

    /// The query without surrounding spaces.
    var queryText: String { query.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The API root asked: `--api-url`, or GitHub's.
    var baseURL: String { apiURL ?? SearchCommand.githubAPI }

    func validate() throws {
      guard !queryText.isEmpty else {
        throw ValidationError(
          "give a search query, such as: octoreact index sync --github \"language:swift stars:>1000\"")
      }
      guard (1...RepositorySearchQuery.resultLimit).contains(limit) else {
        throw ValidationError("--limit must be between 1 and \(RepositorySearchQuery.resultLimit)")
      }
      guard (1...RepositorySearchQuery.maxPerPage).contains(perPage) else {
        throw ValidationError("--per-page must be between 1 and \(RepositorySearchQuery.maxPerPage)")
      }
      do throws(SearchSyntaxError) {
        _ = try RepositorySort(sort: sort, order: order)
      } catch {
        throw ValidationError(error.message)
      }
      if let apiURL, !(apiURL.hasPrefix("http://") || apiURL.hasPrefix("https://")) {
        throw ValidationError("--api-url must be an http:// or https:// URL, such as \(SearchCommand.defaultAPI)")
      }
    }

    func run() async throws {
      // Opened first: a wrong file is refused before any request.
      let repositories = try DatabaseOption.openIndex(at: index)
      defer { try? repositories.close() }
      let token = Self.token(given: self.token, apiURL: apiURL, environment: ProcessInfo.processInfo.environment)

      var httpConfiguration = HTTPClient.Configuration()
      // Report a refused connection at once instead of retrying until the timeout.
      httpConfiguration.connectionPool.retryConnectionEstablishment = false
      let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: httpConfiguration)
      let client = GitHubClient.live(
        configuration: GitHubClientConfiguration(baseURL: baseURL, token: token), httpClient: httpClient)
      let report: IndexSyncReport
      do {
        report = try await sync(with: client).run(into: repositories)
      } catch {
        try? await httpClient.shutdown()
        throw CommandFailure("\(error)")
      }
      try? await httpClient.shutdown()

      let target = SearchFailure.Target(baseURL: baseURL, isGitHub: apiURL == nil, hasToken: token != nil)
      try Self.finish(report, target: target)
    }

    /// The token to send: `--token`, or without `--api-url` the environment's `OCTOREACT_GITHUB_TOKEN`, which goes
    /// to GitHub only, never to another server; nil for an empty one.
    static func token(given: String?, apiURL: String?, environment: [String: String]) -> String? {
      (given ?? (apiURL == nil ? environment["OCTOREACT_GITHUB_TOKEN"] : nil)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The sync these options describe, with the real clocks and progress on standard error.
    func sync(with client: GitHubClient) -> IndexSync {
      IndexSync(
        query: queryText, sort: sort, order: order, limit: limit, perPage: perPage, client: client, baseURL: baseURL,
        clock: ContinuousClock(), now: { Date() }, progress: { Import.printError($0) })
    }

    /// Prints the skipped items and the summary, then throws the failure that ended the sync early, if any.
    static func finish(_ report: IndexSyncReport, target: SearchFailure.Target) throws {
      for item in report.skipped.prefix(Import.maximumIssuesShown) {
        Import.printError(Import.printable(item.description))
      }
      if report.skipped.count > Import.maximumIssuesShown {
        Import.printError("… and \(Import.grouped(report.skipped.count - Import.maximumIssuesShown)) more")
      }
      // A sync that failed before its first page has nothing to sum up: the error says it all.
      if report.pages > 0 || report.failure == nil { print(report.summary) }
      guard let failure = report.failure else { return }
      var message = Import.printable(Self.message(for: failure, target: target))
      if report.pages > 0 {
        message += " (after \(Import.grouped(report.pages)) \(report.pages == 1 ? "page" : "pages"), kept above)"
      }
      throw CommandFailure(message)
    }

    /// The sentence for a failure: the search command's, with what a sync adds (a rejected token, the bounds of
    /// its waits).
    static func message(for failure: IndexSyncReport.Failure, target: SearchFailure.Target) -> String {
      switch failure {
      case .request(let error) where error.statusCode == 401:
        return "\(target.baseURL) refused the token (HTTP 401): check --token"
          + (target.isGitHub ? " or OCTOREACT_GITHUB_TOKEN" : "")
      case .request(let error) where error.code == .validationFailed:
        return "the search was refused: " + SearchFailure.message(for: error, target: target, now: Date())
      case .request(let error):
        return SearchFailure.message(for: error, target: target, now: Date())
      case .rateLimitTooLong(let delay):
        let longest = SearchFailure.duration(RateLimitWait.longestWait)
        return "rate limited for \(SearchFailure.duration(delay)), longer than a sync waits (\(longest)): "
          + "try again later"
      case .rateLimitedTooOften(let count):
        return "rate limited \(count) times in a row for the same page: try again later"
      }
    }
  }
}
