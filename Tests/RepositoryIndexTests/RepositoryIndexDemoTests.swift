import RepositoryIndex
import Testing

@Suite("RepositoryIndex demo data")
struct RepositoryIndexDemoTests {
  @Test func demoListIsImportedIntoAnEmptyIndex() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try #require(try await index.importDemoDataIfEmpty())
    #expect(report.inserted > 3_000)
    #expect(report.issues.isEmpty)
    #expect(try await index.count() == report.inserted)
    #expect(try await index.search("swift", page: 1, perPage: 10).totalCount > 0)
    // Once filled, nothing more happens.
    #expect(try await index.importDemoDataIfEmpty() == nil)
    #expect(try await index.count() == report.inserted)
  }

  @Test func demoListIsNotImportedIntoAFilledIndex() async throws {
    let index = try RepositoryIndex.inMemory()
    try await index.importText("apple/swift\n")
    #expect(try await index.importDemoDataIfEmpty() == nil)
    #expect(try await index.count() == 1)
  }
}
