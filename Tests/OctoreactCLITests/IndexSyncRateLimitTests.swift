import Clocks
import Foundation
import GitHubClient
import HTTPTypes
import Hummingbird
import RepositoryIndex
import Testing

@testable import octoreact

/// `index sync` waits out a rate limit in virtual time: a real HTTP server on loopback answers 403 with
/// `x-ratelimit-reset` once, and the sync asks again only when a `TestClock` has moved past the reset.
@Suite("Index sync rate limits", .timeLimit(.minutes(1)))
struct IndexSyncRateLimitTests {
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  static let rateLimited = ScriptedSearchServer.Answer(
    status: .forbidden,
    headers: [
      HTTPField.Name("x-ratelimit-limit")!: "10", HTTPField.Name("x-ratelimit-remaining")!: "0",
      HTTPField.Name("x-ratelimit-reset")!: "1700000042",
    ],
    body: #"{"message":"API rate limit exceeded"}"#
  )

  static let onePage = ScriptedSearchServer.Answer(
    status: .ok,
    body: """
      {"total_count":2,"incomplete_results":false,"items":[\
      {"id":1,"name":"swift","full_name":"apple/swift",\
        "owner":{"login":"apple"},"html_url":"https://github.com/apple/swift"},\
      {"id":2,"name":"vapor","full_name":"vapor/vapor",\
        "owner":{"login":"vapor"},"html_url":"https://github.com/vapor/vapor"}]}
      """
  )

  @Test func aRateLimitIsWaitedOutUntilTheReset() async throws {
    try await withTemporaryFolder { folder in
      let server = ScriptedSearchServer([Self.rateLimited, Self.onePage])
      try await server.run { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let clock = TestClock()
        let progress = ProgressRecorder()
        let sync = IndexSync(
          query: "swift", client: .live(configuration: .octoreact(baseURL: baseURL)), baseURL: baseURL, clock: clock,
          now: { Self.now }, progress: { progress.record($0) })
        let running = Task { try await sync.run(into: local) }

        var lines = progress.lines.makeAsyncIterator()
        #expect(await lines.next() == "rate limited, waiting 42 s…")
        // The sync is asleep on the clock once it has a suspension (checkSuspension throws then).
        while (try? await clock.checkSuspension()) != nil { await Task.yield() }
        await clock.advance(by: .seconds(41))
        #expect(server.paths.count == 1)
        await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

        await clock.advance(by: .seconds(1))
        let report = try await running.value
        #expect(server.paths.count == 2)
        #expect(server.paths.allSatisfy { $0.hasPrefix("/search/repositories?q=swift&page=1&per_page=100") })
        #expect(report.failure == nil)
        #expect(progress.all == ["rate limited, waiting 42 s…", "page 1: 2 repositories"])
        #expect(try await local.count() == 2)
        try await clock.checkSuspension()
      }
    }
  }

  @Test func aRateLimitThatNeverEndsStopsTheSyncAndKeepsWhatCame() async throws {
    try await withTemporaryFolder { folder in
      let next = ScriptedSearchServer.Answer(
        status: .ok,
        headers: [
          HTTPField.Name("Link")!: #"<http://127.0.0.1/search/repositories?q=swift&page=2&per_page=2>; rel="next""#
        ],
        body: Self.onePage.body)
      let server = ScriptedSearchServer([next, Self.rateLimited])
      try await server.run { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let clock = TestClock()
        let progress = ProgressRecorder()
        let sync = IndexSync(
          query: "swift", perPage: 2, client: .live(configuration: .octoreact(baseURL: baseURL)), baseURL: baseURL,
          clock: clock,
          now: { Self.now }, progress: { progress.record($0) })
        let running = Task { try await sync.run(into: local) }
        // Each refusal waits 42 s: advance the clock whenever the sync sleeps, until it gives up.
        let advancing = Task {
          while !Task.isCancelled {
            if (try? await clock.checkSuspension()) == nil { await clock.advance(by: .seconds(42)) }
            await Task.yield()
          }
        }
        let report = try await running.value
        advancing.cancel()
        #expect(report.failure == .rateLimitedTooOften(4))
        #expect(server.paths.count == 5)
        #expect(try await local.count() == 2)
        #expect(progress.all.filter { $0 == "rate limited, waiting 42 s…" }.count == 3)
        let message = IndexCommand.Sync.message(
          for: try #require(report.failure), target: .init(baseURL: baseURL, isGitHub: false, hasToken: false))
        #expect(message == "rate limited 4 times in a row for the same page: try again later")
      }
    }
  }
}
