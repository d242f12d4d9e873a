import AccountStore
import Foundation
import GRDB
import GitHubClient
import HTTPTypes
import Hummingbird
import RepositoryIndex
import Testing

@testable import octoreact

/// What `octoreact index sync` says, and its exit status, when it cannot sync: the built binary, run.
@Suite("Index sync failures", .timeLimit(.minutes(2)))
struct IndexSyncFailureTests {
  @Test func anAccountDatabaseIsRefusedBeforeAnyRequest() async throws {
    try await withTemporaryFolder { folder in
      let accounts = folder.path("accounts.sqlite")
      try AccountStore(path: accounts).close()
      let server = ScriptedSearchServer([.init(status: .ok, body: #"{"total_count":0,"items":[]}"#)])
      try await server.run { baseURL in
        let run = try await CommandRun(
          ["index", "sync", "--github", "swift", "--index", accounts, "--api-url", baseURL], in: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("it is an Octoreact account database, not an Octoreact repository index"))
        #expect(server.paths.isEmpty)
      }
      let tables = try await DatabaseQueue(path: accounts).read { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      }
      #expect(tables == ["accounts", "grdb_migrations"])
    }
  }

  @Test func aServerThatIsNotThereIsAClearFailure() async throws {
    try await withTemporaryFolder { folder in
      let server = ScriptedSearchServer([.init(status: .ok, body: "{}")])
      let closed = try await server.run { $0 }
      let run = try await CommandRun(
        ["index", "sync", "--github", "swift", "--index", folder.path("local.sqlite"), "--api-url", closed],
        in: folder)
      #expect(run.status == 1)
      #expect(
        run.standardError.contains("cannot reach \(closed): is `octoreact serve` running?"), "\(run.standardError)")
      #expect(run.standardOutput.isEmpty, "a sync that fetched nothing has no summary")
    }
  }

  /// A server that redirects forever answered: the failure says so, not that nothing listens.
  @Test func aRedirectLoopIsNamedAsOne() async throws {
    try await withTemporaryFolder { folder in
      let loop = ScriptedSearchServer.Answer(
        status: .found, headers: [.location: "/search/repositories?q=loop"], body: "")
      let server = ScriptedSearchServer([loop])
      try await server.run { baseURL in
        let run = try await CommandRun(
          ["index", "sync", "--github", "swift", "--index", folder.path("local.sqlite"), "--api-url", baseURL],
          in: folder)
        #expect(run.status == 1)
        #expect(
          run.standardError.contains(
            "\(baseURL) redirects in a loop: too many redirects from \(baseURL)/search/repositories?q=swift"),
          "\(run.standardError)")
        #expect(!run.standardError.contains("octoreact serve"), "\(run.standardError)")
      }
    }
  }

  @Test func aRejectedTokenIsAClearFailureThatNeverShowsTheToken() async throws {
    try await withTemporaryFolder { folder in
      let server = ScriptedSearchServer([.init(status: .unauthorized, body: #"{"message":"Bad credentials"}"#)])
      try await server.run { baseURL in
        let run = try await CommandRun(
          [
            "index", "sync", "--github", "swift", "--index", folder.path("local.sqlite"), "--api-url", baseURL,
            "--token", "ghp_secret123456",
          ], in: folder)
        #expect(run.status == 1)
        #expect(
          run.standardError.contains("\(baseURL) refused the token (HTTP 401): check --token"), "\(run.standardError)")
        #expect(!(run.standardError + run.standardOutput).contains("ghp_secret123456"))
        #expect(server.paths.count == 1)
      }
    }
  }

  @Test func theEnvironmentsTokenGoesToGitHubOnly() {
    let environment = ["OCTOREACT_GITHUB_TOKEN": "ghp_env"]
    typealias Sync = IndexCommand.Sync
    #expect(Sync.token(given: nil, apiURL: nil, environment: environment) == "ghp_env")
    #expect(Sync.token(given: nil, apiURL: "http://127.0.0.1:8080", environment: environment) == nil)
    #expect(Sync.token(given: "ghp_given", apiURL: "http://127.0.0.1:8080", environment: environment) == "ghp_given")
    #expect(Sync.token(given: "", apiURL: nil, environment: environment) == nil)
    #expect(Sync.token(given: nil, apiURL: nil, environment: ["OCTOREACT_GITHUB_TOKEN": ""]) == nil)
  }

  @Test func badItemsAreSkippedAndNamedByPageAndPosition() async throws {
    try await withTemporaryFolder { folder in
      let page = """
        {"total_count":5,"items":[\
        {"id":1,"name":"swift","full_name":"apple/swift",\
        "owner":{"login":"apple"},"html_url":"https://github.com/apple/swift"},\
        {"id":9,"name":"url","full_name":"no/url","owner":{"login":"no"}},\
        {"id":2,"name":"x","full_name":"bad_owner/x",\
        "owner":{"login":"bad_owner"},"html_url":"https://github.com/bad_owner/x"},\
        {"id":-3,"name":"neg","full_name":"ok/neg",\
        "owner":{"login":"ok"},"html_url":"https://github.com/ok/neg"},\
        {"id":4,"name":"vapor","full_name":"vapor/vapor",\
        "owner":{"login":"vapor"},"html_url":"https://github.com/vapor/vapor"}]}
        """
      let server = ScriptedSearchServer([.init(status: .ok, body: page)])
      try await server.run { baseURL in
        let local = folder.path("local.sqlite")
        let run = try await CommandRun(
          ["index", "sync", "--github", "swift", "--index", local, "--api-url", baseURL], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
          run.standardOutput == "Synced 2 repositories from 1 page (2 new, 0 updated, 0 unchanged), skipped 3 items\n")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.first == "page 1: 4 repositories")
        // An item that cannot be read costs neither the page nor the positions of the others.
        #expect(lines.contains { $0 == #"page 1, item 2: missing key "html_url""# }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("page 1, item 3 (bad_owner/x): ") }, "\(lines)")
        #expect(lines.contains { $0 == "page 1, item 4 (ok/neg): “id” must be a positive integer, found -3" })
      }
    }
  }

  /// A negative star count is refused and named, never stored as 0 (which the API would serve as a real figure).
  @Test func aNegativeStarCountIsSkippedNotStoredAsZero() async throws {
    try await withTemporaryFolder { folder in
      let page = """
        {"total_count":2,"items":[\
        {"id":1,"name":"swift","full_name":"apple/swift","stargazers_count":-5,\
        "owner":{"login":"apple"},"html_url":"https://github.com/apple/swift"},\
        {"id":4,"name":"vapor","full_name":"vapor/vapor","stargazers_count":3,\
        "owner":{"login":"vapor"},"html_url":"https://github.com/vapor/vapor"}]}
        """
      let server = ScriptedSearchServer([.init(status: .ok, body: page)])
      try await server.run { baseURL in
        let local = folder.path("local.sqlite")
        let run = try await CommandRun(
          ["index", "sync", "--github", "swift", "--index", local, "--api-url", baseURL], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
          run.standardOutput == "Synced 1 repository from 1 page (1 new, 0 updated, 0 unchanged), skipped 1 item\n")
        let lines = run.standardError.split(separator: "\n")
        #expect(
          lines.contains {
            $0 == "page 1, item 1 (apple/swift): “stargazers_count” must be from 0 to 9007199254740991, found -5"
          }, "\(lines)")
        let index = try RepositoryIndex(path: local)
        defer { try? index.close() }
        #expect(try await index.search("swift", page: 1, perPage: 5).items.isEmpty)
      }
    }
  }

  @Test func aServerLinkingBackDoesNotLoop() async throws {
    try await withTemporaryFolder { folder in
      let back = ScriptedSearchServer.Answer(
        status: .ok,
        headers: [
          HTTPField.Name("Link")!: #"<http://127.0.0.1/search/repositories?q=swift&page=1&per_page=100>; rel="next""#
        ],
        body: """
          {"total_count":5000,"items":[{"id":1,"name":"swift","full_name":"apple/swift",\
          "owner":{"login":"apple"},"html_url":"https://github.com/apple/swift"}]}
          """
      )
      let server = ScriptedSearchServer([back])
      try await server.run { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let sync = IndexSync(
          query: "swift", client: .live(configuration: .octoreact(baseURL: baseURL)), baseURL: baseURL,
          clock: ContinuousClock(),
          now: { Date() }, progress: { _ in })
        let report = try await sync.run(into: local)
        #expect(report.pages == 1)
        #expect(server.paths.count == 1)
      }
    }
  }
}
