import ArgumentParser
import AsyncHTTPClient
import Foundation
import GitHubClient
import RepositoryIndex
import SearchSyntax

/// `octoreact search`: repository search against Octoreact's API (by default) or GitHub's, printed for people or
/// for scripts.
///
/// On a terminal the results are a table cut to its width; in a pipe, tab-separated lines; with `--json`, GitHub's
/// JSON items. `--all` follows `rel="next"` links to the last page GitHub serves. A failure is one line on standard
/// error and exit status 1.
struct SearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search repositories through Octoreact's API or GitHub's.",
    discussion: """
      The query uses GitHub's syntax, such as `swift in:name`; several words are joined with spaces. Qualifiers: \
      user:, org:, language:, stars:, forks:, fork:true|only, in:name,description,topics, archived:true|false, \
      topic:. Filters on fields, as in `swift language:swift stars:>100`, need an index that has them (fill it \
      with `octoreact index sync --github`): the bundled demo list has names only. On a terminal the results are \
      a table; in a pipe, one tab-separated line per repository (full name, stars or nothing when unknown, \
      description).
      """
  )

  /// The API root used without `--api` or `--github`: `octoreact serve` with its defaults.
  static let defaultAPI = "http://127.0.0.1:8080"
  /// GitHub's API root, for `--github`.
  static let githubAPI = "https://api.github.com"

  @Argument(
    help: ArgumentHelp(
      "The search query in GitHub's syntax; after the options, `--` lets a word start with `-`.",
      valueName: "query"
    )
  )
  var terms: [String]

  @Option(help: "The page to show (or to start from with --all).")
  var page = 1

  @Option(help: "Results per page, 1 to 100.")
  var perPage = RepositorySearchQuery.defaultPerPage

  @Option(help: "Order by stars, forks or updated instead of best match.")
  var sort: String?

  @Option(help: "asc or desc (the default) with --sort.")
  var order: String?

  @Option(help: ArgumentHelp("The API root to ask (default: \(SearchCommand.defaultAPI)).", valueName: "url"))
  var api: String?

  @Flag(help: "Ask GitHub itself (\(SearchCommand.githubAPI)).")
  var github = false

  @Option(help: ArgumentHelp("Read this repository index file instead of asking a server.", valueName: "path"))
  var index: String?

  @Option(
    help: ArgumentHelp(
      "A token sent as `Authorization: Bearer` (with --github, default: the OCTOREACT_GITHUB_TOKEN environment variable).",
      valueName: "token"
    )
  )
  var token: String?

  @Flag(help: "Print the repositories as a JSON array in GitHub's shape.")
  var json = false

  @Flag(help: "Follow the next pages up to the last one (GitHub serves the first 1,000 results).")
  var all = false

  /// The query text: the terms joined by spaces.
  var queryText: String { terms.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines) }

  func validate() throws {
    guard !queryText.isEmpty else { throw ValidationError("give a search query, such as: octoreact search reactorkit") }
    guard page >= 1 else { throw ValidationError("--page must be 1 or more") }
    guard (1...RepositorySearchQuery.maxPerPage).contains(perPage) else {
      throw ValidationError("--per-page must be between 1 and \(RepositorySearchQuery.maxPerPage)")
    }
    do throws(SearchSyntaxError) {
      _ = try RepositorySort(sort: sort, order: order)
    } catch {
      throw ValidationError(error.message)
    }
    if [github, api != nil, index != nil].filter({ $0 }).count > 1 {
      throw ValidationError("use one of --api, --github and --index")
    }
    if let index, !FileManager.default.fileExists(atPath: index) {
      throw ValidationError(
        "no repository index at “\(index)”: build one with octoreact index import FILE --index \(index)")
    }
    if let api, !(api.hasPrefix("http://") || api.hasPrefix("https://")) {
      throw ValidationError("--api must be an http:// or https:// URL, such as \(Self.defaultAPI)")
    }
  }

  func run() async throws {
    if let index {
      let repositories = try DatabaseOption.openIndex(at: index)
      defer { try? repositories.close() }
      let target = SearchFailure.Target(baseURL: index, isGitHub: false, hasToken: false)
      try await search(with: .localIndex(repositories), target: target) { _ in
        // Counted only for a short last page: see `search(with:target:note:)`.
        guard let query = try? RepositoryQuery.parse(queryText),
          let matches = try? await repositories.nameOnlyMatches(query)
        else { return nil }
        return SearchOutput.leftOut(matches, words: query.text)
      }
      return
    }
    let baseURL = github ? Self.githubAPI : (api ?? Self.defaultAPI)
    // The environment's GitHub token goes to GitHub only, never to another server.
    let token = (self.token ?? (github ? ProcessInfo.processInfo.environment["OCTOREACT_GITHUB_TOKEN"] : nil))
      .flatMap { $0.isEmpty ? nil : $0 }
    let target = SearchFailure.Target(baseURL: baseURL, isGitHub: github, hasToken: token != nil)

    var httpConfiguration = HTTPClient.Configuration()
    // Report a refused connection at once instead of retrying until the timeout.
    httpConfiguration.connectionPool.retryConnectionEstablishment = false
    let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: httpConfiguration)
    let client = GitHubClient.live(
      configuration: GitHubClientConfiguration(baseURL: baseURL, token: token),
      httpClient: httpClient
    )
    do {
      try await search(with: client, target: target) { pages in
        // The server's index cannot be counted from here: explain an empty answer that field qualifiers may cause.
        guard !github, pages.allSatisfy({ $0.totalCount == 0 }), let query = try? RepositoryQuery.parse(queryText)
        else { return nil }
        let qualifiers = NameOnlyMatches.fieldQualifiers(of: query)
        return qualifiers.isEmpty ? nil : SearchOutput.possiblyLeftOut(qualifiers: qualifiers)
      }
    } catch {
      try? await httpClient.shutdown()
      throw error
    }
    try? await httpClient.shutdown()
  }

  /// Fetches the pages with `client` and prints them, or throws the failure as one line.
  ///
  /// When the last page is short (nothing follows it), `note` may explain why there are not more results: after
  /// the table on a terminal, on standard error otherwise, so that scripts reading the lines or the JSON get only
  /// results.
  private func search(
    with client: GitHubClient,
    target: SearchFailure.Target,
    note: ([RepositorySearchResults]) async -> String?
  ) async throws {
    let fetched = await fetch(with: client)

    if !fetched.pages.isEmpty { print(render(fetched.pages), terminator: "") }
    if fetched.error == nil, let last = fetched.pages.last, last.items.count < perPage,
      let note = await note(fetched.pages)
    {
      if !json && Terminal.isStandardOutputATerminal { print(note, terminator: "") } else {
        Terminal.writeToStandardError(note)
      }
    }
    if let error = fetched.error {
      let message = SearchFailure.message(for: error, target: target, now: Date())
      let after =
        fetched.pages.isEmpty ? "" : " (after \(fetched.pages.count) page\(fetched.pages.count == 1 ? "" : "s"))"
      throw CommandFailure(message + after)
    }
  }

  /// The pages fetched, in order, and the error that stopped the fetching, if any.
  private func fetch(with client: GitHubClient) async -> (pages: [RepositorySearchResults], error: GitHubClientError?) {
    let showsProgress = all && Terminal.isStandardErrorATerminal
    var query = RepositorySearchQuery(q: queryText, page: page, perPage: perPage, sort: sort, order: order)
    var pages: [RepositorySearchResults] = []
    defer { if showsProgress { Terminal.writeToStandardError("\r\u{1B}[K") } }
    while true {
      if showsProgress {
        let last = pages.last?.lastPage.map { "/\($0)" } ?? ""
        Terminal.writeToStandardError("\r\u{1B}[Kpage \(query.page)\(last)…")
      }
      do {
        var results = try await client.searchRepositories(query)
        // Search serves the first 1,000 results: a server whose last page runs past them is cut there.
        let available = max(0, RepositorySearchQuery.resultLimit - (query.page - 1) * query.perPage)
        if results.response.items.count > available { results.response.items.removeSubrange(available...) }
        pages.append(results)
        // Only a link to a later page is followed, so a server that links back cannot loop forever.
        guard all, let next = results.nextPage, next > query.page else { return (pages, nil) }
        query.page = next
      } catch {
        return (pages, error)
      }
    }
  }

  /// The output for the pages fetched: JSON, a table on a terminal, or plain lines.
  private func render(_ pages: [RepositorySearchResults]) -> String {
    let items = pages.flatMap(\.items)
    if json { return SearchOutput.json(items) }
    guard Terminal.isStandardOutputATerminal, let first = pages.first, let last = pages.last else {
      return SearchOutput.plainLines(items)
    }
    let summary = SearchOutput.Summary(
      query: queryText,
      totalCount: last.totalCount,
      pages: first.page...max(first.page, last.page),
      lastPage: last.lastPage ?? first.lastPage,
      nextPage: last.nextPage,
      incompleteResults: pages.contains(where: \.incompleteResults)
    )
    return SearchOutput.table(items, summary: summary, width: Terminal.width)
  }
}
