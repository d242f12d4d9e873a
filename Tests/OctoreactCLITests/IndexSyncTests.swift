import ArgumentParser
import Foundation
import GRDB
import GitHubClient
import RepositoryIndex
import Testing

@testable import octoreact

/// `octoreact index sync` against a second, real Octoreact server: pages, fields, limits and upserts, checked in
/// the local index file.
@Suite("Index sync", .timeLimit(.minutes(2)))
struct IndexSyncTests {
  /// Seven repositories with every field a search item carries; `forked/swift-fork` is a fork, found with
  /// `fork:true` only, and `old/swift-archived` is archived.
  static let objects: [String] = [
    item(101, "apple", "swift-nio", stars: 8000, language: "Swift", topics: ["nio", "networking"]),
    item(102, "vapor", "swift-web", stars: 25000, language: "Swift", topics: ["server"]),
    item(103, "someone", "swift-toy", stars: 50, language: "Swift", topics: []),
    item(104, "pointfreeco", "swift-clocks", stars: 700, language: "Swift", topics: ["testing"]),
    item(105, "forked", "swift-fork", stars: 3, language: "Swift", topics: [], fork: true),
    item(106, "old", "swift-archived", stars: 9, language: "C", topics: ["legacy"], archived: true),
    item(107, "octo-org", "swift-lint", stars: 120, language: "Swift", topics: ["lint", "style"]),
  ]

  static func item(
    _ id: Int, _ owner: String, _ name: String, stars: Int, language: String, topics: [String],
    fork: Bool = false, archived: Bool = false
  ) -> String {
    let topicList = topics.map { "\"\($0)\"" }.joined(separator: ",")
    let ownerType = owner.hasSuffix("org") || owner == "apple" ? "Organization" : "User"
    return """
      {"id":\(id),"name":"\(name)","full_name":"\(owner)/\(name)","owner":{"login":"\(owner)","id":\(id * 10),\
      "type":"\(ownerType)"},"html_url":"https://github.com/\(owner)/\(name)","description":"\(name) does things",\
      "stargazers_count":\(stars),"forks_count":\(stars / 10),"language":"\(language)","topics":[\(topicList)],\
      "fork":\(fork),"archived":\(archived),"created_at":"2015-0\(id % 9 + 1)-02T03:04:05Z",\
      "updated_at":"2024-0\(id % 9 + 1)-02T03:04:05Z","pushed_at":"2024-0\(id % 9 + 1)-03T03:04:05Z"}
      """
  }

  @Test func followsEveryPageAndKeepsEveryField() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, in: folder) { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        let progress = ProgressRecorder()
        let report = try await Self.sync("swift fork:true", from: baseURL, perPage: 3, progress: progress)
          .run(into: local)
        try local.close()

        #expect(report.failure == nil)
        #expect(report.pages == 3)
        #expect(report.totalCount == 7)
        #expect(progress.all == ["page 1: 3 repositories", "page 2: 6 repositories", "page 3: 7 repositories"])
        #expect(report.inserted == 7)
        #expect(report.summary == "Synced 7 repositories from 3 pages (7 new, 0 updated, 0 unchanged)")

        let rows = try await Self.rows(in: folder.path("local.sqlite"))
        #expect(rows.count == 7)
        #expect(
          rows.first == [
            "101", "apple/swift-nio", "apple", "swift-nio", "swift-nio does things",
            "https://github.com/apple/swift-nio",
            "8000", "Swift", "800", "nio networking", "0", "0", "1010", "Organization", "2015-03-02T03:04:05Z",
            "2024-03-02T03:04:05Z", "2024-03-03T03:04:05Z",
          ])
        #expect(rows.first { $0[1] == "forked/swift-fork" }?[10] == "1")
        #expect(rows.first { $0[1] == "old/swift-archived" }?[11] == "1")
        #expect(rows.first { $0[1] == "someone/swift-toy" }?[9] == "")
      }
    }
  }

  @Test func aSecondSyncUpdatesInsteadOfDuplicating() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, in: folder) { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let first = try await Self.sync("swift", from: baseURL, perPage: 4).run(into: local)
        #expect(first.inserted == 6)
        let second = try await Self.sync("swift fork:true", from: baseURL, perPage: 4).run(into: local)
        #expect(second.inserted == 1)
        #expect(second.unchanged == 6)
        #expect(try await local.count() == 7)
      }
    }
  }

  @Test func stopsAtTheLimit() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, in: folder) { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let progress = ProgressRecorder()
        var sync = Self.sync("swift", from: baseURL, perPage: 3, progress: progress)
        sync.limit = 4
        let report = try await sync.run(into: local)
        #expect(report.pages == 2)
        #expect(report.fetched == 4)
        #expect(progress.all == ["page 1: 3 repositories", "page 2: 4 repositories"])
        #expect(try await local.count() == 4)
      }
    }
  }

  @Test func stopsAtTheThousandthResult() async throws {
    try await withTemporaryFolder { folder in
      let many = (1...1_050).map {
        Self.item(1_000 + $0, "owner\($0 % 40)", "swift-\($0)", stars: $0, language: "Swift", topics: [])
      }
      try await withOctoreactServer(serving: many, in: folder) { baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let report = try await Self.sync("swift", from: baseURL, perPage: 100).run(into: local)
        #expect(report.failure == nil)
        #expect(report.totalCount == 1_050)
        #expect(report.pages == 10)
        #expect(report.fetched == 1_000)
        #expect(try await local.count() == 1_000)
      }
    }
  }

  @Test func repositoriesTheServerKnowsOnlyByNameStaySo() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, names: ["named/swift-only", "other/swift-too"], in: folder) {
        baseURL in
        let local = try RepositoryIndex(path: folder.path("local.sqlite"))
        defer { try? local.close() }
        let report = try await Self.sync("swift", from: baseURL, perPage: 5).run(into: local)
        #expect(report.inserted == 8)
        let page = try await local.search("swift-only", page: 1, perPage: 10)
        let named = try #require(page.items.first)
        #expect(named.fullName == "named/swift-only")
        #expect(named.id < 0)
        #expect(named.knownStargazersCount == nil)
        #expect(named.htmlURL == nil)
        // A second sync finds them unchanged.
        let again = try await Self.sync("swift", from: baseURL, perPage: 5).run(into: local)
        #expect(again.unchanged == 8)
        #expect(try await local.count() == 8)
      }
    }
  }

  @Test func theCommandSyncsIntoTheIndexFileItIsGiven() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, in: folder) { baseURL in
        let local = folder.path("local.sqlite")
        let command = try IndexCommand.Sync.parse([
          "--github", "swift fork:true", "--index", local, "--api-url", baseURL, "--per-page", "2",
        ])
        try await command.run()
        #expect(try await Self.rows(in: local).count == 7)
      }
    }
  }

  @Test func aQueryTheServerRefusesIsAClearFailure() async throws {
    try await withTemporaryFolder { folder in
      try await withOctoreactServer(serving: Self.objects, in: folder) { baseURL in
        let local = folder.path("local.sqlite")
        let command = try IndexCommand.Sync.parse([
          "--github", "swift size:>10", "--index", local, "--api-url", baseURL,
        ])
        do {
          try await command.run()
          Issue.record("a refused query should fail the command")
        } catch {
          #expect("\(error)".hasPrefix("the search was refused: "), "\(error)")
          #expect("\(error)".contains("The qualifier “size:” is not supported."), "\(error)")
        }
        #expect(try await Self.rows(in: local).isEmpty)
      }
    }
  }

  /// A sync of `query` from `baseURL` on the real clock, its progress recorded.
  static func sync(
    _ query: String, from baseURL: String, perPage: Int, progress: ProgressRecorder = ProgressRecorder()
  ) -> IndexSync {
    IndexSync(
      query: query, perPage: perPage, client: .live(configuration: .octoreact(baseURL: baseURL)), baseURL: baseURL,
      clock: ContinuousClock(), now: { Date() }, progress: { progress.record($0) })
  }

  /// Every row of the index file at `path`, ordered by id, each column as text (`""` for NULL).
  static func rows(in path: String) async throws -> [[String]] {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try await queue.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT id, full_name, owner, name, description, html_url, stargazers_count, language, forks_count, topics,
            fork, archived, owner_id, owner_type, created_at, updated_at, pushed_at
          FROM repository ORDER BY id
          """
      ).map { row in row.databaseValues.map(text(of:)) }
    }
  }

  private static func text(of value: DatabaseValue) -> String {
    switch value.storage {
    case .null: ""
    case .int64(let number): String(number)
    case .double(let number): String(number)
    case .string(let text): text
    case .blob(let data): data.base64EncodedString()
    }
  }
}
