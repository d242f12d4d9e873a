import Foundation
import RepositoryIndex
import SearchSyntax
import Testing

/// A query filtering on fields that repositories known only by name lack says how many of them it
/// left out, instead of an unexplained empty list (issue 13, item 4).
@Suite("RepositoryIndex name-only matches")
struct RepositoryIndexNameOnlyMatchTests {
  /// An index file with two rich Swift repositories and three known only by name, two of them "swift".
  static func withSampleIndex(_ body: (RepositoryIndex) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex(path: folder.indexPath)
      try await index.importRepositories(
        from: jsonLines([
          repositoryJSON(
            id: 10, "apple/swift-nio", description: "Event-driven networking", stars: 8_000, language: "Swift"),
          repositoryJSON(id: 12, "someone/swift-toy", description: "A small experiment", stars: 50, language: "Swift"),
        ]))
      try await index.importText("ghost/swift-unknown\nghost/swift-other\nghost/another\n")
      try await body(index)
      try index.close()
    }
  }

  static func search(_ index: RepositoryIndex, _ q: String, perPage: Int = 30) async throws -> IndexSearchResult {
    try await index.search(RepositoryQuery.parse(q), page: 1, perPage: perPage)
  }

  @Test func anEmptyResultCountsTheNameOnlyRepositoriesLeftOut() async throws {
    try await Self.withSampleIndex { index in
      let result = try await Self.search(index, "swift language:go stars:>100")
      #expect(result.items.isEmpty)
      #expect(result.nameOnlyMatches == NameOnlyMatches(count: 2, qualifiers: ["language", "stars"]))
    }
  }

  @Test func aShortPageCountsThemToo() async throws {
    try await Self.withSampleIndex { index in
      let result = try await Self.search(index, "swift stars:>100")
      #expect(result.items.map(\.fullName) == ["apple/swift-nio"])
      #expect(result.nameOnlyMatches == NameOnlyMatches(count: 2, qualifiers: ["stars"]))
      // Every qualifier on a field a name lacks, in the help's order; the words still apply.
      let all = try await Self.search(index, "unknown topic:x archived:false fork:only forks:>1 stars:1 language:c")
      let qualifiers = ["language", "stars", "forks", "fork", "archived", "topic"]
      #expect(all.nameOnlyMatches == NameOnlyMatches(count: 1, qualifiers: qualifiers))
      // Owners narrow the count as they narrow the results.
      let ghost = try await Self.search(index, "language:swift user:ghost")
      #expect(ghost.nameOnlyMatches?.count == 3)
    }
  }

  @Test func nothingIsCountedWithoutFieldFiltersOrOnAFullPage() async throws {
    try await Self.withSampleIndex { index in
      // Owners and words are no fields a name lacks: nothing was left out for want of data.
      let ownersOnly = try await Self.search(index, "swift user:ghost").nameOnlyMatches
      let forksToo = try await Self.search(index, "swift fork:true").nameOnlyMatches
      // No name-only repository matches the words.
      let otherWords = try await Self.search(index, "nio language:swift").nameOnlyMatches
      // A full page may have more pages after it: the count is not paid for.
      let fullPage = try await Self.search(index, "swift language:swift", perPage: 2).nameOnlyMatches
      let shortPage = try await Self.search(index, "swift language:swift", perPage: 3).nameOnlyMatches
      #expect(ownersOnly == nil)
      #expect(forksToo == nil)
      #expect(otherWords == nil)
      #expect(fullPage == nil)
      #expect(shortPage?.count == 2)
    }
  }
}
