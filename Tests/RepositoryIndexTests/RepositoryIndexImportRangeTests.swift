import Foundation
import RepositoryIndex
import Testing

/// Numbers in an import file at and beyond the ends of their types: a skipped line, never a trap.
@Suite("RepositoryIndex import ranges")
struct RepositoryIndexImportRangeTests {
  @Test func numbersOutOfRangeSkipTheirLineAndTheEdgesAreImported() async throws {
    let index = try RepositoryIndex.inMemory()
    let lines = [
      #"{"id": 99999999999999999999, "full_name": "a/huge-id"}"#,
      #"{"id": 1e30, "full_name": "b/float-id"}"#,
      #"{"id": 3, "full_name": "c/huge-stars", "stargazers_count": 9223372036854775808}"#,
      #"{"id": 4, "full_name": "d/lowest-stars", "stargazers_count": -9223372036854775808}"#,
      #"{"id": 9223372036854775807, "full_name": "e/highest-id", "stargazers_count": 9223372036854775807}"#,
      #"{"id": 6, "full_name": "f/fraction", "stargazers_count": 1.5}"#,
      #"{"id": -9223372036854775808, "full_name": "g/lowest-id"}"#,
    ]
    let report = try await index.importRepositories(from: Data(lines.joined(separator: "\n").utf8))
    #expect(report.issues.map(\.line) == [1, 2, 3, 6, 7])
    #expect(report.inserted == 2)
    let lowest = try await index.search("lowest-stars", page: 1, perPage: 1).items.first
    #expect(lowest?.stargazersCount == 0)
    let highest = try await index.search("highest-id", page: 1, perPage: 1).items.first
    #expect(highest?.id == Int64.max)
    #expect(highest?.stargazersCount == Int.max)

    // A name list after the highest id still numbers its repositories below every existing one.
    let names = try await index.importRepositories(from: Data("h/after\ni/after".utf8))
    #expect(names.inserted == 2)
  }
}
