import Foundation
import RepositoryIndex
import SearchSyntax
import Testing

/// Two indexes on one file, as a running server and `octoreact index import` have: separate GRDB
/// pools, so separate SQLite connections, which is what SQLite's data version tells apart.
@Suite("RepositoryIndex across connections")
struct RepositoryIndexCrossProcessTests {
  @Test func anImportThroughAnotherIndexIsFoundByTheNextSearch() async throws {
    try await withTemporaryFolder { folder in
      let server = try RepositoryIndex(path: folder.indexPath)
      let importer = try RepositoryIndex(path: folder.indexPath)
      defer {
        try? server.close()
        try? importer.close()
      }
      try await server.importText("apple/swift\n")
      // The server caches a miss, and a total that an import changes.
      #expect(try await server.allFullNames("swift-nio").isEmpty)
      #expect(try await server.search("swift", page: 1, perPage: 10).totalCount == 1)

      try await importer.importText("apple/swift-nio\n")

      #expect(try await server.allFullNames("swift-nio") == ["apple/swift-nio"])
      #expect(try await server.search("swift", page: 1, perPage: 10).totalCount == 2)
      let parsed = try await server.search(RepositoryQuery.parse("swift-nio"), page: 1, perPage: 10)
      #expect(parsed.items.map(\.fullName) == ["apple/swift-nio"])
    }
  }

  @Test func forksImportedByAnotherIndexAreLeftOutOfPlainSearches() async throws {
    try await withTemporaryFolder { folder in
      let server = try RepositoryIndex(path: folder.indexPath)
      let importer = try RepositoryIndex(path: folder.indexPath)
      defer {
        try? server.close()
        try? importer.close()
      }
      try await server.importRepositories(from: jsonLines([repositoryJSON(id: 1, "apple/swift-nio", stars: 8_000)]))
      // Caches that the index has no forks: plain text may take the ranked path.
      #expect(try await Self.names(server, "swift-nio") == ["apple/swift-nio"])

      try await importer.importRepositories(
        from: jsonLines([repositoryJSON(id: 2, "forker/swift-nio", stars: 9_000, extra: ["fork": true])]))

      // GitHub leaves forks out unless asked: the server must know the index has one now (a query it
      // has not cached, so that only the knowledge of forks is tested).
      #expect(try await Self.names(server, "nio") == ["apple/swift-nio"])
      #expect(Set(try await Self.names(server, "swift-nio fork:true")) == ["apple/swift-nio", "forker/swift-nio"])
    }
  }

  static func names(_ index: RepositoryIndex, _ q: String) async throws -> [String] {
    try await index.search(RepositoryQuery.parse(q), page: 1, perPage: 100).items.map(\.fullName)
  }
}
