import Foundation
import RepositoryIndex
import Synchronization
import Testing

@Suite("RepositoryIndex import")
struct RepositoryIndexImportTests {
  @Test func nameListIgnoresBlankLinesAndComments() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(
      """
      \u{FEFF}# Swift on the server
      apple/swift-nio

        vapor/vapor\t
      hummingbird-project/hummingbird\r
      """
    )
    #expect(report.format == .nameList)
    #expect(report.inserted == 3)
    #expect(report.skipped == 0)
    #expect(report.linesRead == 5)
    #expect(try await index.count() == 3)

    let found = try await index.search("vapor/vapor", page: 1, perPage: 10).items
    #expect(found.count == 1)
    #expect(found[0].owner == "vapor")
    #expect(found[0].name == "vapor")
    #expect(found[0].id < 0)
    #expect(found[0].htmlURL == nil)
    #expect(found[0].webURL == "https://github.com/vapor/vapor")
  }

  @Test func nameListGetsNegativeIdsInFileOrderBelowExistingOnes() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("a/one\nb/two\n")
    try await index.importText("c/three\n")
    let one = try #require(try await index.search("a/one", page: 1, perPage: 1).items.first)
    let two = try #require(try await index.search("b/two", page: 1, perPage: 1).items.first)
    let three = try #require(try await index.search("c/three", page: 1, perPage: 1).items.first)
    #expect(one.id < two.id)
    #expect(two.id < 0)
    #expect(three.id < one.id)
  }

  @Test func aListImportedAfterSearchingTheEmptyIndexIsFound() async throws {
    // The in-memory index searches on its writing connection: what FTS5 read of the empty
    // full-text index before the import must not hide the one the import copies in.
    let index = try RepositoryIndex.inMemory()
    #expect(try await index.search("swift", page: 1, perPage: 10).totalCount == 0)
    try await index.importText(generatedNames(5_000, prefix: "swift").joined(separator: "\n"))
    #expect(try await index.search("swift", page: 1, perPage: 10).totalCount == 5_000)
    #expect(try await index.search("owner7/swift-7", page: 1, perPage: 10).items.first?.fullName == "owner7/swift-7")
    try await index.importText("a/swift-more\n")
    #expect(try await index.search("swift", page: 1, perPage: 10).totalCount == 5_001)
  }

  @Test func searchResponseImportsEveryField() async throws {
    let index = try RepositoryIndex.inMemory()
    let response = """
      {"total_count": 2, "incomplete_results": false, "items": [
        \(repositoryJSON(id: 28_457_823, "apple/swift-nio", description: "Event-driven network framework", stars: 8_000, language: "Swift")),
        \(repositoryJSON(id: 44_838_949, "apple/swift", description: "The Swift Programming Language", stars: 67_000))
      ]}
      """
    let report = try await index.importText(response)
    #expect(report.format == .jsonDocument)
    #expect(report.inserted == 2)
    #expect(report.issues.isEmpty)

    let nio = try #require(try await index.search("swift-nio", page: 1, perPage: 5).items.first)
    #expect(
      nio
        == IndexedRepository(
          id: 28_457_823,
          fullName: "apple/swift-nio",
          owner: "apple",
          name: "swift-nio",
          description: "Event-driven network framework",
          htmlURL: "https://github.com/apple/swift-nio",
          stargazersCount: 8_000,
          language: "Swift",
          ownerID: 284_578_230,
          ownerType: "User"
        )
    )
  }

  @Test func jsonArrayOfRepositoriesIsADocument() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(
      "[\n\(repositoryJSON(id: 1, "a/b")),\n\(repositoryJSON(id: 2, "c/d"))\n]\n"
    )
    #expect(report.format == .jsonDocument)
    #expect(report.inserted == 2)
  }

  @Test func jsonLinesImportOneObjectPerLine() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importRepositories(
      from: jsonLines([repositoryJSON(id: 1, "a/b", stars: 3), "", repositoryJSON(id: 2, "c/d")])
    )
    #expect(report.format == .jsonLines)
    #expect(report.inserted == 2)
    #expect(try await index.search("a/b", page: 1, perPage: 1).items.first?.stargazersCount == 3)
  }

  @Test func aLongListKeepsFileOrderAcrossBatchesAndSkipsRepeatedNames() async throws {
    // Over two batches of 64 rows, and a last partial one; the repeated names (in another letter
    // case) come in later batches than the names they repeat.
    let index = try RepositoryIndex.inMemory()
    let names = generatedNames(150, prefix: "batch")
    let report = try await index.importText((names + names.prefix(70).map { $0.uppercased() }).joined(separator: "\n"))
    #expect(report.inserted == 150)
    #expect(report.unchanged == 70)
    #expect(try await index.count() == 150)
    var ids: [Int64] = []
    for name in names {
      let found = try #require(try await index.search(name, page: 1, perPage: 1).items.first)
      #expect(found.fullName == name)
      ids.append(found.id)
    }
    #expect(ids == Array(ids[0]..<ids[0] + 150))
    #expect(ids.last! < 0)
  }

  @Test func importingTheSameFileTwiceChangesNothing() async throws {
    try await withTemporaryFolder { folder in
      let list = try folder.file("list.txt", containing: generatedNames(500).joined(separator: "\n"))
      let objects = try folder.file(
        "repos.jsonl",
        containing: (1...50).map { repositoryJSON(id: Int64($0), "json\($0)/repo", stars: $0) }.joined(separator: "\n")
      )
      let index = try RepositoryIndex(path: folder.indexPath)
      for file in [list, objects] {
        let first = try await index.importRepositories(from: file)
        let before = try await index.allFullNames("repo")
        let idsBefore = try await index.search("repo", page: 1, perPage: 100).items.map(\.id)

        let second = try await index.importRepositories(from: file)
        #expect(second.inserted == 0)
        #expect(second.updated == 0)
        #expect(second.unchanged == first.inserted)
        #expect(try await index.allFullNames("repo") == before)
        #expect(try await index.search("repo", page: 1, perPage: 100).items.map(\.id) == idsBefore)
      }
      #expect(try await index.count() == 550)
      try index.close()
    }
  }

  @Test func namesDifferingOnlyInLetterCaseAreOneRepository() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText("Apple/Swift\napple/swift\nAPPLE/SWIFT\n")
    #expect(report.inserted == 1)
    #expect(report.unchanged == 2)
    #expect(try await index.search("apple/swift", page: 1, perPage: 5).items.map(\.fullName) == ["Apple/Swift"])
  }

  @Test func badLinesAreReportedWithTheirNumberAndNotWritten() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(
      """
      good/one
      no-slash
      too/many/slashes
      bad owner/name
      owner/bad name
      /empty-owner
      empty-name/
      owner_underscore/name
      \(String(repeating: "x", count: 40))/long-owner
      owner/\(String(repeating: "y", count: 101))
      owner/..
      café/crème
      good/two
      """
    )
    #expect(report.inserted == 2)
    #expect(report.skipped == 11)
    #expect(report.issues.map(\.line) == Array(2...12))
    #expect(report.issues[0].message == "expected “owner/name”, found “no-slash”")
    #expect(report.issues[1].message == "expected “owner/name”, found “too/many/slashes”")
    #expect(report.issues[2].message.hasPrefix("the owner “bad owner” is not a GitHub login"))
    #expect(report.issues[3].message.hasPrefix("the name “bad name” is not a GitHub repository name"))
    #expect(try await index.count() == 2)
    #expect(try await index.search("bad", page: 1, perPage: 10).totalCount == 0)
    #expect(try await index.search("slashes", page: 1, perPage: 10).totalCount == 0)
  }

  @Test func brokenJSONLinesAreReportedAndTheRestImported() async throws {
    let index = try RepositoryIndex.inMemory()
    let lines = [
      repositoryJSON(id: 1, "a/one"),
      #"{"id": 2, "full_name": "b/two""#,
      #"{"full_name": "c/three"}"#,
      #"{"id": 4}"#,
      #"{"id": "five", "full_name": "e/five"}"#,
      #"{"id": -6, "full_name": "f/six"}"#,
      #"{"id": 7, "full_name": "g/seven", "owner": {"login": "h"}, "name": "seven"}"#,
      #"{"id": 8, "full_name": "not a name"}"#,
      #"[1, 2]"#,
      repositoryJSON(id: 10, "j/ten"),
    ]
    let report = try await index.importRepositories(from: jsonLines(lines))
    #expect(report.format == .jsonLines)
    #expect(report.inserted == 2)
    #expect(report.issues.map(\.line) == Array(2...9))
    #expect(report.issues[0].message == "broken JSON")
    #expect(
      Array(report.issues.map(\.message)[1...3]) == ["missing “id”", "missing “full_name”", "“id” has the wrong type"])
    #expect(report.issues[4].message == "“id” must be a positive integer, found -6")
    #expect(report.issues[5].message.contains("does not match"))
    #expect(report.issues[6].message == "expected “owner/name”, found “not a name”")
    #expect(report.issues[7].message == "not a JSON object")
    #expect(try await index.count() == 2)
  }

  @Test func brokenItemsOfADocumentAreReportedWithTheirLine() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText(
      """
      {
        "total_count": 3,
        "items": [
          \(repositoryJSON(id: 1, "a/one")),
          {"id": 2},
          \(repositoryJSON(id: 3, "c/three"))
        ]
      }
      """
    )
    #expect(report.inserted == 2)
    #expect(report.issues == [ImportIssue(line: 5, message: "missing “full_name”")])
  }

  @Test func aTruncatedDocumentKeepsTheItemsBeforeTheBreak() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText("[\n\(repositoryJSON(id: 1, "a/one")),\n{\"id\": 2, \"full_name\": \"b/t")
    #expect(report.inserted == 1)
    #expect(report.issues.count == 1)
    #expect(report.issues[0].line == 3)
  }

  @Test func anObjectWithoutItemsIsNotImported() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText("{\n  \"message\": \"Not Found\"\n}\n")
    #expect(report.imported == 0)
    #expect(report.issues.map(\.message) == ["a JSON object must be a GitHub search response with an “items” array"])
  }

  @Test func gitHubObjectTakesOverARepositoryKnownByName() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("apple/swift-nio\n")
    let report = try await index.importText(repositoryJSON(id: 28_457_823, "apple/swift-nio", stars: 8_000))
    #expect(report.updated == 1)
    #expect(try await index.count() == 1)
    let nio = try #require(try await index.search("swift-nio", page: 1, perPage: 1).items.first)
    #expect(nio.id == 28_457_823)
    #expect(nio.stargazersCount == 8_000)

    // A list never overwrites what GitHub said.
    let again = try await index.importText("apple/swift-nio\n")
    #expect(again.unchanged == 1)
    #expect(try await index.search("swift-nio", page: 1, perPage: 1).items.first == nio)
  }

  @Test func changedFieldsAndRenamesAreUpdates() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText(repositoryJSON(id: 7, "old/name", stars: 1))
    try await index.importText("new/name\n")  // a placeholder for the new name
    let report = try await index.importText(repositoryJSON(id: 7, "new/name", description: "renamed", stars: 2))
    #expect(report.updated == 1)
    #expect(try await index.count() == 1)
    #expect(try await index.search("old", page: 1, perPage: 5).totalCount == 0)
    let renamed = try #require(try await index.search("new/name", page: 1, perPage: 5).items.first)
    #expect(renamed.id == 7)
    #expect(renamed.description == "renamed")
  }

  @Test func largeImportIntoAFilledIndexSwitchesToBulkMode() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("apple/swift\napple/swift-nio\n")
    // More rows than the incremental threshold (10,000 + an eighth of the index).
    let report = try await index.importText(generatedNames(12_000, prefix: "bulk").joined(separator: "\n"))
    #expect(report.inserted == 12_000)
    #expect(try await index.count() == 12_002)
    #expect(try await index.search("bulk", page: 1, perPage: 1).totalCount == 12_000)
    #expect(
      try await index.search("swift", page: 1, perPage: 5).items.map(\.fullName) == ["apple/swift", "apple/swift-nio"])
    // The triggers are back: a later import is searchable at once.
    try await index.importText("vapor/vapor\n")
    #expect(try await index.search("vapor", page: 1, perPage: 5).totalCount == 1)
  }

  @Test func progressIsReportedUntilTheEnd() async throws {
    try await withTemporaryFolder { folder in
      let file = try folder.file("list.txt", containing: generatedNames(3_000).joined(separator: "\n") + "\n")
      let index = try RepositoryIndex(path: folder.indexPath)
      let seen = Mutex<[ImportProgress]>([])
      _ = try await index.importRepositories(from: file) { progress in seen.withLock { $0.append(progress) } }
      let reports = seen.withLock { $0 }
      let lastRead = try #require(reports.last { $0.phase == .reading })
      #expect(lastRead.fractionRead == 1)
      #expect(lastRead.linesRead == 3_000)
      #expect(lastRead.repositoriesRead == 3_000)
      #expect(reports.last?.phase == .indexing)  // the index started empty: a bulk load
      try index.close()
    }
  }

  @Test func aMissingFileCannotBeRead() async throws {
    let index = try RepositoryIndex.inMemory()
    let error = await #expect(throws: RepositoryIndexError.self) {
      try await index.importRepositories(from: URL(fileURLWithPath: "/nonexistent/repos.txt"))
    }
    #expect(error?.isCannotRead == true)
    #expect(error?.description == "Cannot read “/nonexistent/repos.txt”: no such file")
  }

  @Test func anEmptyFileImportsNothing() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importText("")
    #expect(report.imported == 0)
    #expect(report.issues.isEmpty)
  }
}
