import Foundation
import GRDB
import RepositoryIndex
import SearchSyntax
import Testing

/// Search with GitHub's qualifiers and sorting over the index, and the richer fields they need.
@Suite("RepositoryIndex qualifiers")
struct RepositoryIndexQualifierTests {
  /// Five repositories with every field, and two known only by name.
  static func sampleIndex() async throws -> RepositoryIndex {
    let index = try RepositoryIndex.inMemory()
    let objects = [
      repositoryJSON(
        id: 10, "apple/swift-nio", description: "Event-driven network framework", stars: 8_000, language: "Swift",
        extra: [
          "forks_count": 650, "topics": ["networking", "Server-Side"], "fork": false, "archived": false,
          "updated_at": "2025-01-02T03:04:05Z", "created_at": "2017-01-01T00:00:00Z",
          "pushed_at": "2025-01-02T03:04:05Z", "owner": ["login": "apple", "id": 10_001, "type": "Organization"],
        ]),
      repositoryJSON(
        id: 11, "vapor/vapor", description: "A server-side Swift web framework", stars: 25_000, language: "Swift",
        extra: ["forks_count": 1_400, "topics": ["web", "server"], "fork": false, "archived": false,
          "updated_at": "2025-03-01T00:00:00Z"]),
      repositoryJSON(
        id: 12, "someone/swift-toy", description: "A small swift experiment", stars: 50, language: "Swift",
        extra: ["forks_count": 2, "fork": false, "archived": true, "updated_at": "2020-05-05T05:05:05Z"]),
      repositoryJSON(
        id: 13, "forker/swift-nio", description: "Event-driven network framework", stars: 150, language: "Swift",
        extra: ["forks_count": 0, "fork": true, "archived": false, "updated_at": "2024-01-01T00:00:00Z"]),
      repositoryJSON(
        id: 14, "torvalds/linux", description: "Linux kernel source tree", stars: 180_000, language: "C",
        extra: ["forks_count": 53_000, "topics": ["kernel"], "fork": false, "archived": false]),
    ]
    try await index.importRepositories(from: jsonLines(objects))
    try await index.importText("ghost/swift-unknown\nghost/another\n")
    return index
  }

  static func names(_ index: RepositoryIndex, _ q: String, sort: RepositorySort = .bestMatch) async throws
    -> [String]
  {
    try await index.search(RepositoryQuery.parse(q), sort: sort, page: 1, perPage: 100).items.map(\.fullName)
  }

  @Test func theHelpsExampleFindsSwiftRepositoriesWithOverAHundredStars() async throws {
    let index = try await Self.sampleIndex()
    let found = try await Self.names(index, "swift language:swift stars:>100")
    // Not the fork (forks are left out by default), not the 50-star toy, not the name-only repository.
    #expect(Set(found) == ["apple/swift-nio", "vapor/vapor"])
    let result = try await index.search(RepositoryQuery.parse("swift language:swift stars:>100"), page: 1, perPage: 1)
    #expect(result.totalCount == 2)
    #expect(result.items.count == 1)
  }

  @Test func starRangesAndUnknownStars() async throws {
    let index = try await Self.sampleIndex()
    #expect(Set(try await Self.names(index, "stars:10..100")) == ["someone/swift-toy"])
    #expect(Set(try await Self.names(index, "stars:<=50")) == ["someone/swift-toy"])
    #expect(try await Self.names(index, "stars:0").isEmpty, "a name-only repository has no stars, not 0")
    #expect(Set(try await Self.names(index, "forks:>=1000")) == ["vapor/vapor", "torvalds/linux"])
  }

  /// `q=-swift` on GitHub leaves the swift repositories out; it once found them.
  @Test func aHyphenOrNOTLeavesTheWordsMatchesOut() async throws {
    let index = try await Self.sampleIndex()
    let everything = Set(try await Self.names(index, "fork:true stars:>=0"))
    #expect(everything.count == 5)
    let withoutSwift = Set(try await Self.names(index, "-swift"))
    #expect(withoutSwift == ["torvalds/linux", "ghost/another"])
    #expect(Set(try await Self.names(index, "NOT swift")) == withoutSwift)
    #expect(try await Self.names(index, "framework -vapor") == ["apple/swift-nio"])
    // Exact words, never prefixes: `-swif` leaves swift alone.
    #expect(Set(try await Self.names(index, "framework -swif")) == ["apple/swift-nio", "vapor/vapor"])
    // A phrase: every one of its words (the index keeps no positions).
    #expect(try await Self.names(index, #"framework -"network framework""#) == ["vapor/vapor"])
    #expect(Set(try await Self.names(index, #"framework -"network kernel""#)) == ["apple/swift-nio", "vapor/vapor"])
    // A topic counts as a word: vapor/vapor's topic "web", swift-nio's "server-side".
    #expect(try await Self.names(index, "framework -web") == ["apple/swift-nio"])
    #expect(try await Self.names(index, "framework -server-side").isEmpty)
  }

  @Test func aNegatedQualifierLeavesOutWhatItMatchesAndKeepsUnknownFields() async throws {
    let index = try await Self.sampleIndex()
    // The name-only repositories have no language: `language:swift` does not match them, so they stay.
    #expect(
      Set(try await Self.names(index, "-language:swift"))
        == ["torvalds/linux", "ghost/swift-unknown", "ghost/another"])
    #expect(
      Set(try await Self.names(index, "swift -user:apple"))
        == ["vapor/vapor", "someone/swift-toy", "ghost/swift-unknown"])
    #expect(Set(try await Self.names(index, "swift language:swift -stars:>1000")) == ["someone/swift-toy"])
    #expect(
      Set(try await Self.names(index, "swift -archived:true language:swift")) == ["apple/swift-nio", "vapor/vapor"])
    #expect(Set(try await Self.names(index, "framework -topic:networking")) == ["vapor/vapor"])
    #expect(Set(try await Self.names(index, "framework -forks:>1000")) == ["apple/swift-nio"])
  }

  /// The excluded words reach FTS5 only as quoted terms: its operators and punctuation are words or nothing.
  @Test(arguments: [
    #"-""#, #"-"""#, "-*", "-swift*", "--", "-(", "-)", "-:", "-{name}:swift", "-^swift", "-AND", "-OR", "NOT NOT",
    "NOT NEAR(swift", #"NOT "a OR b""#, "-+", "-'", "-`", "-\\", "-%", "-_", "-\u{0}", "NOT 🚀", "-\"swift nio",
    #"-"swift" + "nio""#, "swift -nio*", "-rowid", "-repository_fts", "NOT -swift",
  ])
  func ftsSyntaxInAnExclusionIsText(q: String) async throws {
    let index = try await Self.sampleIndex()
    let result = try await index.search(RepositoryQuery.parse(q), page: 1, perPage: 100)
    #expect(result.totalCount == result.items.count)
    #expect(result.totalCount <= 6)
  }

  @Test func forksAreLeftOutUnlessAsked() async throws {
    let index = try await Self.sampleIndex()
    #expect(try await Self.names(index, "swift-nio") == ["apple/swift-nio"])
    #expect(Set(try await Self.names(index, "swift-nio fork:true")) == ["apple/swift-nio", "forker/swift-nio"])
    #expect(try await Self.names(index, "swift-nio fork:only") == ["forker/swift-nio"])
  }

  @Test func ownersLanguagesArchivedAndTopics() async throws {
    let index = try await Self.sampleIndex()
    #expect(try await Self.names(index, "user:APPLE") == ["apple/swift-nio"])
    #expect(Set(try await Self.names(index, "org:apple org:vapor")) == ["apple/swift-nio", "vapor/vapor"])
    #expect(try await Self.names(index, "language:c") == ["torvalds/linux"])
    #expect(try await Self.names(index, "archived:true") == ["someone/swift-toy"])
    #expect(try await Self.names(index, "topic:server-side") == ["apple/swift-nio"])
    #expect(try await Self.names(index, "topic:server topic:web") == ["vapor/vapor"])
  }

  @Test func aPlainTermMatchesTopicsUnlessInNarrowsIt() async throws {
    let index = try await Self.sampleIndex()
    // "kernel" is in torvalds/linux's description and topics; "networking" only in swift-nio's topics.
    #expect(try await Self.names(index, "networking language:swift") == ["apple/swift-nio"])
    #expect(try await Self.names(index, "networking") == ["apple/swift-nio"], "plain text, no qualifier")
    #expect(try await Self.names(index, "kernel") == ["torvalds/linux"])
    #expect(try await Self.names(index, "networking in:name,description").isEmpty)
    #expect(try await Self.names(index, "networking in:topics") == ["apple/swift-nio"])
    #expect(try await Self.names(index, "framework in:name").isEmpty)
    #expect(Set(try await Self.names(index, "framework in:description")) == ["apple/swift-nio", "vapor/vapor"])
  }

  @Test func sortByStarsForksAndUpdatedEitherWay() async throws {
    let index = try await Self.sampleIndex()
    let stars = try await Self.names(index, "language:swift", sort: RepositorySort(key: .stars))
    #expect(stars == ["vapor/vapor", "apple/swift-nio", "someone/swift-toy"])
    let starsAscending = try await Self.names(index, "language:swift", sort: RepositorySort(key: .stars, ascending: true))
    #expect(starsAscending == ["someone/swift-toy", "apple/swift-nio", "vapor/vapor"])
    let forks = try await Self.names(index, "swift", sort: RepositorySort(key: .forks))
    // Unknown forks (the name-only repository) come last, whichever the direction.
    #expect(forks == ["vapor/vapor", "apple/swift-nio", "someone/swift-toy", "ghost/swift-unknown"])
    let updated = try await Self.names(index, "swift", sort: RepositorySort(key: .updated, ascending: true))
    #expect(updated == ["someone/swift-toy", "apple/swift-nio", "vapor/vapor", "ghost/swift-unknown"])
  }

  @Test func aFilteredSearchServesTheFirstThousandResultsOnly() async throws {
    let index = try RepositoryIndex.inMemory()
    let objects = (1...1_020).map { repositoryJSON(id: Int64($0), "o/swift-\($0)", stars: $0, language: "Swift") }
    try await index.importRepositories(from: jsonLines(objects))
    let query = try RepositoryQuery.parse("language:swift")
    let last = try await index.search(query, sort: RepositorySort(key: .stars), page: 34, perPage: 30)
    #expect(last.totalCount == 1_020)
    #expect(last.items.count == 10)
    #expect(last.items.last?.stargazersCount == 21)
    #expect(try await index.search(query, page: 35, perPage: 30).items.isEmpty)
  }

  @Test func importKeepsTheRicherFieldsAndUnknownStaysNil() async throws {
    let index = try await Self.sampleIndex()
    let nio = try #require(try await index.search(RepositoryQuery.parse("user:apple"), page: 1, perPage: 1).items.first)
    #expect(nio.forksCount == 650)
    #expect(nio.topics == ["networking", "server-side"])
    #expect(nio.isFork == false)
    #expect(nio.isArchived == false)
    #expect(nio.ownerID == 10_001)
    #expect(nio.ownerType == "Organization")
    #expect(nio.createdAt == "2017-01-01T00:00:00Z")
    #expect(nio.updatedAt == "2025-01-02T03:04:05Z")
    #expect(nio.knownStargazersCount == 8_000)
    let ghost = try #require(try await index.search("ghost/another", page: 1, perPage: 1).items.first)
    #expect(ghost.knownStargazersCount == nil)
    #expect(ghost.forksCount == nil && ghost.topics == nil && ghost.isFork == nil && ghost.updatedAt == nil)
  }

  @Test func malformedRicherFieldsAreUnknownNotFatal() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(
          id: 1, "a/b", extra: ["forks_count": -3, "updated_at": "yesterday", "topics": ["ok", "not ok", "x_y"]])
      ]))
    #expect(report.inserted == 1)
    let item = try #require(try await index.search("a/b", page: 1, perPage: 1).items.first)
    #expect(item.forksCount == nil)
    #expect(item.updatedAt == nil)
    #expect(item.topics == ["ok"])
  }

  @Test func plainTextFindsTopicsInAnIndexWithoutForks() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(id: 1, "a/server", extra: ["topics": ["web"]]),
        repositoryJSON(id: 2, "b/other", extra: ["topics": ["web-framework"]]),
      ]))
    #expect(Set(try await index.allFullNames("web")) == [], "the plain-text path alone knows no topics")
    let found = try await index.search(RepositoryQuery.parse("web"), page: 1, perPage: 10).items.map(\.fullName)
    #expect(Set(found) == ["a/server", "b/other"])  // the last word is a prefix
  }

  @Test func anIndexMadeBeforeTheDetailsUpgradesInPlaceWithUnknownFields() async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex(path: folder.indexPath)
      try await index.importText(repositoryJSON(id: 7, "apple/swift", stars: 67_000, language: "Swift"))
      try index.close()
      // Back to a file of the release before: no detail columns, no record of their migration.
      let queue = try DatabaseQueue(path: folder.indexPath)
      try await queue.write { db in
        try db.execute(sql: "DROP INDEX repository_with_topics; DROP INDEX repository_on_language")
        for column in [
          "forks_count", "topics", "fork", "archived", "owner_id", "owner_type", "created_at", "updated_at",
          "pushed_at",
        ] {
          try db.execute(sql: "ALTER TABLE repository DROP COLUMN \(column)")
        }
        try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3-add-repository-details'")
      }
      try queue.close()

      let reopened = try RepositoryIndex(path: folder.indexPath)
      let swift = try #require(
        try await reopened.search(RepositoryQuery.parse("language:swift stars:>100"), page: 1, perPage: 5).items.first)
      #expect(swift.fullName == "apple/swift")
      #expect(swift.stargazersCount == 67_000)
      #expect(swift.forksCount == nil)
      #expect(swift.ownerID == nil)
      try reopened.close()
    }
  }
}
