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
      #"{"id": 4503599627370495, "full_name": "e/highest-id", "stargazers_count": 9007199254740991}"#,
      #"{"id": 6, "full_name": "f/fraction", "stargazers_count": 1.5}"#,
      #"{"id": -9223372036854775808, "full_name": "g/lowest-id"}"#,
      #"{"id": 9223372036854775807, "full_name": "h/top-id"}"#,
    ]
    let report = try await index.importRepositories(from: Data(lines.joined(separator: "\n").utf8))
    #expect(report.issues.map(\.line) == [1, 2, 3, 4, 6, 7, 8])
    #expect(report.inserted == 1)
    let highest = try await index.search("highest-id", page: 1, perPage: 1).items.first
    #expect(highest?.id == IndexedRepository.gitHubIDs.upperBound)
    #expect(highest?.stargazersCount == IndexedRepository.stargazerCounts.upperBound)

    // A name list after the highest id still numbers its repositories below every existing one.
    let names = try await index.importRepositories(from: Data("h/after\ni/after".utf8))
    #expect(names.inserted == 2)
  }

  /// A negative count is refused with its line, never stored as 0 (which the API would serve as a real figure).
  @Test func aNegativeStarCountIsRefusedNotZero() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(
      #"{"id": 4, "full_name": "d/negative", "stargazers_count": -1}"# + "\n"
        + #"{"id": 5, "full_name": "e/too-many", "stargazers_count": 9007199254740992}"#)
    #expect(report.inserted == 0)
    #expect(
      report.issues.map(\.message) == [
        "“stargazers_count” must be from 0 to 9007199254740991, found -1",
        "“stargazers_count” must be from 0 to 9007199254740991, found 9007199254740992",
      ])
    #expect(try await index.search("negative", page: 1, perPage: 1).items.isEmpty)
  }

  /// GitHub ids stop below 2^52, where the API's ids for repositories known only by name begin.
  @Test func anIdFromTwoToTheFiftyTwoIsRefused() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(#"{"id": 4503599627370496, "full_name": "a/high"}"#)
    #expect(report.inserted == 0)
    #expect(
      report.issues.map(\.message) == ["“id” 4503599627370496 is above GitHub's ids (at most 4503599627370495)"])
  }

  /// A count refused on an update leaves the stored figure as it was.
  @Test func aRefusedUpdateKeepsTheStoredStars() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText(repositoryJSON(id: 7, "g/kept", stars: 12))
    let report = try await index.importText(repositoryJSON(id: 7, "g/kept", stars: -3))
    #expect(report.issues.count == 1)
    #expect(try await index.search("kept", page: 1, perPage: 1).items.first?.stargazersCount == 12)
  }
}
