import Foundation
import GRDB
import RepositoryIndex
import Testing

@Suite("RepositoryIndex search")
struct RepositoryIndexSearchTests {
  /// Repositories matching "swift" in every way the ranking tells apart, and one that does not.
  static let swiftRepositories = [
    repositoryJSON(id: 1, "apple/swift", stars: 100),
    repositoryJSON(id: 2, "other/swift", stars: 5),
    repositoryJSON(id: 3, "apple/swift-nio", stars: 50),
    repositoryJSON(id: 4, "x/swiftlint", stars: 80),
    repositoryJSON(id: 5, "y/awesome-swift", stars: 1_000),
    repositoryJSON(id: 6, "swiftlang/tools", stars: 10),
    repositoryJSON(id: 7, "z/docs", description: "Documentation written in Swift"),
    repositoryJSON(id: 8, "q/unrelated", description: "Nothing to see"),
  ]

  @Test func exactNamesComeFirstThenPrefixesThenRelevance() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(from: jsonLines(Self.swiftRepositories))
    let result = try await index.search("swift", page: 1, perPage: 30)
    #expect(result.totalCount == 7)
    #expect(
      result.items.map(\.fullName) == [
        "apple/swift", "other/swift",  // exact, by stars
        "x/swiftlint", "apple/swift-nio",  // prefix, by stars
        "y/awesome-swift", "swiftlang/tools", "z/docs",  // name, then owner, then description
      ]
    )
    // Letter case does not matter.
    #expect(try await index.search("SWIFT", page: 1, perPage: 30).items == result.items)
  }

  @Test func fullNameQueriesMatchTheFullNameFirst() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(from: jsonLines(Self.swiftRepositories))
    #expect(
      try await index.search("apple/swift", page: 1, perPage: 30).items.map(\.fullName) == [
        "apple/swift", "apple/swift-nio",
      ]
    )
    #expect(try await index.search("Apple/Swift-N", page: 1, perPage: 30).items.map(\.fullName) == ["apple/swift-nio"])
  }

  @Test func tiesAreBrokenByStarsThenFullName() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(id: 1, "b/kit-tools", stars: 1),
        repositoryJSON(id: 2, "a/kit-tools", stars: 1),
        repositoryJSON(id: 3, "c/kit-tools", stars: 9),
      ])
    )
    #expect(
      try await index.search("tools", page: 1, perPage: 30).items.map(\.fullName) == [
        "c/kit-tools", "a/kit-tools", "b/kit-tools",
      ]
    )
  }

  @Test func wordsAreFoundWhateverTheirSeparator() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("apple/swift-nio\nfoo/swift_nio\nbar/swift.nio\nbaz/nio\n")
    for query in ["swift nio", "swift-nio", "swift_nio", "swift.nio", "SWIFT NI", "nio swift"] {
      let names = try await index.allFullNames(query)
      #expect(names.contains("foo/swift_nio"), "\(query)")
      #expect(names.contains("bar/swift.nio"), "\(query)")
      #expect(!names.contains("baz/nio"), "\(query)")
    }
    #expect(try await index.search("nio", page: 1, perPage: 10).totalCount == 4)
  }

  @Test func unicodeQueriesMatchDescriptions() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(id: 1, "a/ja", description: "日本語 の ドキュメント"),
        repositoryJSON(id: 2, "b/fr", description: "Un café crème à Paris"),
        repositoryJSON(id: 3, "c/emoji", description: "Rockets 🚀 and Ünïcödé"),
      ])
    )
    #expect(try await index.search("日本語", page: 1, perPage: 10).items.map(\.fullName) == ["a/ja"])
    #expect(try await index.search("café", page: 1, perPage: 10).items.map(\.fullName) == ["b/fr"])
    #expect(try await index.search("cafe", page: 1, perPage: 10).items.map(\.fullName) == ["b/fr"])
    #expect(try await index.search("CRÈME", page: 1, perPage: 10).items.map(\.fullName) == ["b/fr"])
    #expect(try await index.search("unicode", page: 1, perPage: 10).items.map(\.fullName) == ["c/emoji"])
    #expect(try await index.search("🚀", page: 1, perPage: 10).totalCount == 0)
  }

  @Test(arguments: [
    "\"", "\"\"", "\"swift", "swift\"", "*", "swift*", "-", "-swift", "swift -nio", "(", ")", "(swift", ":",
    "name:swift", "{name}: swift", "^swift", "AND", "OR", "NOT", "NEAR", "swift AND", "AND swift", "swift OR nio",
    "NOT swift", "NEAR(swift nio)", "swift NEAR/2 nio", "+", "a+b", "'", "`", "\\", "%", "_", "swift%", "\u{0}",
    "🚀", "\t", "swift\nnio",
  ])
  func ftsSyntaxIsSearchedAsText(query: String) async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(from: jsonLines(Self.swiftRepositories))
    let result = try await index.search(query, page: 1, perPage: 30)
    #expect(result.totalCount == result.items.count)
  }

  @Test func operatorsAreOrdinaryWords() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(id: 1, "a/near-and-far", description: "NOT an operator"),
        repositoryJSON(id: 2, "b/other", description: "swift"),
      ])
    )
    for query in ["AND", "near", "NEAR", "not", "\"near\"", "near*", "(near)", "near AND far", "-and"] {
      #expect(
        try await index.search(query, page: 1, perPage: 10).items.map(\.fullName) == ["a/near-and-far"], "\(query)")
    }
    #expect(try await index.search("swift OR near", page: 1, perPage: 10).totalCount == 0)  // "or" is a word too
  }

  @Test func blankQueriesMatchNothing() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("apple/swift\n")
    for query in ["", "   ", "\n\t", "-", "/", "***", "()"] {
      #expect(try await index.search(query, page: 1, perPage: 10) == .empty, "\(query)")
    }
  }

  @Test func pagesContinueEachOtherWithoutDuplicates() async throws {
    let index = try RepositoryIndex.inMemory()
    // Exact, prefix and relevance matches of "kit", some with stars.
    var objects: [String] = []
    for i in 0..<60 { objects.append(repositoryJSON(id: Int64(1 + i), "exact\(i)/kit", stars: i % 7)) }
    for i in 0..<60 { objects.append(repositoryJSON(id: Int64(100 + i), "prefix\(i)/kit-\(i)", stars: i % 5)) }
    for i in 0..<60 { objects.append(repositoryJSON(id: Int64(200 + i), "other\(i)/my-kit-\(i)", stars: i % 3)) }
    for i in 0..<60 { objects.append(repositoryJSON(id: Int64(300 + i), "desc\(i)/thing", description: "a kit \(i)")) }
    try await index.importRepositories(from: jsonLines(objects))

    let all = try await index.search("kit", page: 1, perPage: 100).items
    var paged: [IndexedRepository] = []
    for page in 1...40 {
      let result = try await index.search("kit", page: page, perPage: 7)
      #expect(result.totalCount == 240)
      paged += result.items
      if result.items.isEmpty { break }
    }
    #expect(paged.count == 240)
    #expect(Set(paged.map(\.id)).count == 240)
    #expect(Array(paged.prefix(100)) == all)
    #expect(paged.prefix(60).allSatisfy { $0.name == "kit" })
    #expect(paged[60..<120].allSatisfy { $0.name.hasPrefix("kit-") })
    #expect(paged[120..<180].allSatisfy { $0.name.hasPrefix("my-kit") })
    #expect(paged[180...].allSatisfy { $0.name == "thing" })
    // Past the end: the total, and no items.
    #expect(try await index.search("kit", page: 100, perPage: 7) == IndexSearchResult(totalCount: 240, items: []))
  }

  @Test func totalCountCountsEveryMatch() async throws {
    let index = try RepositoryIndex.inMemory()
    let names = generatedNames(300, prefix: "alpha") + generatedNames(200, prefix: "beta") + ["x/alpha-beta"]
    try await index.importText(names.joined(separator: "\n"))
    #expect(try await index.search("alpha", page: 1, perPage: 5).totalCount == 301)
    #expect(try await index.search("beta", page: 3, perPage: 5).totalCount == 201)
    #expect(try await index.search("alpha beta", page: 1, perPage: 5).totalCount == 1)
    #expect(try await index.search("al", page: 1, perPage: 5).totalCount == 301)
    let ownedByOwner1X = names.filter { $0.hasPrefix("owner1") }.count  // owner1, owner10…owner19
    #expect(try await index.search("owner1", page: 1, perPage: 5).totalCount == ownedByOwner1X)
    #expect(try await index.search("gamma", page: 1, perPage: 5).totalCount == 0)
  }

  @Test func popularWordsAreCountedExactlyAfterEachImport() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText(generatedNames(5_000, prefix: "common").joined(separator: "\n"))
    #expect(try await index.search("common", page: 1, perPage: 5).totalCount == 5_000)
    #expect(try await index.search("c", page: 1, perPage: 5).totalCount == 5_000)
    try await index.importText(
      generatedNames(10, prefix: "common", owners: 1).map { $0 + "-more" }.joined(separator: "\n"))
    #expect(try await index.search("common", page: 1, perPage: 5).totalCount == 5_010)
    #expect(try await index.search("comm", page: 9, perPage: 5).totalCount == 5_010)
  }

  @Test func storedCountsEqualTheMatchesOfTheirPrefix() async throws {
    // `reactor` is the only term starting with `reacto`: its count comes from the vocabulary.
    // Every `r` term starts with `react`, so `r`…`reac` share the count of `react`, which
    // is counted (two terms of it are in the same repositories: their sum is no count).
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex(path: folder.indexPath)
      try await index.importText(
        ((0..<4_500).map { "o\($0 % 7)/react-reactor-\($0)" } + (0..<500).map { "p\($0 % 7)/reactive-\($0)" })
          .joined(separator: "\n"))
      #expect(try await index.search("rea", page: 1, perPage: 5).totalCount == 5_000)
      #expect(try await index.search("reacto", page: 1, perPage: 5).totalCount == 4_500)
      try index.close()

      let stored = try await DatabaseQueue(path: folder.indexPath).read { db in
        var stored: [String: (total: Int, matches: Int)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT prefix, total FROM search_count WHERE prefix <> ''") {
          let prefix: String = row[0]
          let matches = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM repository_fts WHERE repository_fts MATCH ?", arguments: ["\"\(prefix)\"*"])
          stored[prefix] = (row[1], matches ?? -1)
        }
        return stored
      }
      #expect(Set(stored.keys).isSuperset(of: ["r", "re", "rea", "reac", "react", "reacto", "reactor"]))
      for (prefix, count) in stored {
        #expect(count.total == count.matches, "\(prefix)")
      }
    }
  }

  @Test func largePrefixRangesKeepTheRankingOrder() async throws {
    // Over 20,000 names start with "ab": the prefix tier is read in ranking order, starred
    // repositories first, instead of sorting the range.
    let index = try RepositoryIndex.inMemory()
    try await index.importText((0..<21_000).map { "o\($0 % 50)/ab\($0)" }.joined(separator: "\n"))
    try await index.importRepositories(
      from: jsonLines([
        repositoryJSON(id: 1, "z/abc", stars: 5),
        repositoryJSON(id: 2, "y/abx", stars: 7),
      ])
    )
    let first = try await index.search("ab", page: 1, perPage: 30)
    #expect(first.totalCount == 21_002)
    #expect(first.items.prefix(2).map(\.fullName) == ["y/abx", "z/abc"])
    let zeroStars = first.items.dropFirst(2).map(\.fullName)
    #expect(zeroStars == zeroStars.sorted { $0.lowercased() < $1.lowercased() })
    #expect(zeroStars.first == "o0/ab0")
    let second = try await index.search("ab", page: 2, perPage: 30)
    #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)))
  }

  @Test func manyRelevanceMatchesArePagedConsistently() async throws {
    // More than the 1,000 matches ranked by relevance: the rest follow by descending id.
    let index = try RepositoryIndex.inMemory()
    try await index.importText((0..<1_500).map { "o\($0)/x-lib-\($0)" }.joined(separator: "\n"))
    let names = try await index.allFullNames("lib", perPage: 100)
    #expect(names.count == 1_500)
    #expect(Set(names).count == 1_500)
  }
}
