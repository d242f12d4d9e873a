import Foundation
import GRDB
import RepositoryIndex
import Testing

@Suite("RepositoryIndex database")
struct RepositoryIndexDatabaseTests {
  @Test func repositoriesSurviveAReopen() async throws {
    try await withTemporaryFolder { folder in
      let first = try RepositoryIndex(path: folder.indexPath)
      try await first.importText("apple/swift\napple/swift-nio\n")
      let before = try await first.search("swift", page: 1, perPage: 10)
      try first.close()

      let second = try RepositoryIndex(path: folder.indexPath)
      #expect(try await second.count() == 2)
      #expect(try await second.search("swift", page: 1, perPage: 10) == before)
      try second.close()
    }
  }

  @Test func openingCreatesMissingFoldersAndUsesWriteAheadLogging() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("a/b/repositories.sqlite").path
      let index = try RepositoryIndex(path: path)
      try index.close()
      let journalMode = try await DatabaseQueue(path: path).read { db in
        try String.fetchOne(db, sql: "PRAGMA journal_mode")
      }
      #expect(journalMode == "wal")
    }
  }

  @Test func bulkImportsRebuildTheSchemaTheMigrationsCreated() async throws {
    try await withTemporaryFolder { folder in
      let fresh = folder.appendingPathComponent("fresh.sqlite").path
      try RepositoryIndex(path: fresh).close()
      let bulk = folder.indexPath
      let index = try RepositoryIndex(path: bulk)
      try await index.importText("apple/swift\n")  // empty index: a bulk load
      try index.close()

      func schema(_ path: String) async throws -> [String] {
        try await DatabaseQueue(path: path).read { db in
          try String.fetchAll(
            db,
            sql:
              "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
          )
          .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        }
      }
      #expect(try await schema(bulk) == schema(fresh))
    }
  }

  @Test func aClosedIndexRefusesWork() async throws {
    let index = try RepositoryIndex.inMemory()
    try index.close()
    try index.close()  // closing again does nothing
    let error = await #expect(throws: RepositoryIndexError.self) { try await index.count() }
    #expect(error?.description == "Repository index failed: the repository index is closed")
  }

  @Test func aPathUnderAFileIsReportedClearly() async throws {
    try await withTemporaryFolder { folder in
      let file = try folder.file("not-a-folder", containing: "hello")
      let path = file.appendingPathComponent("repositories.sqlite").path
      let error = #expect(throws: RepositoryIndexError.self) { try RepositoryIndex(path: path) }
      #expect(error?.isCannotOpen == true)
      #expect(
        error?.description == "Cannot open the repository index at “\(path)”: “\(file.path)” is a file, not a folder"
      )
    }
  }

  @Test func aFileThatIsNotADatabaseIsReportedClearly() async throws {
    try await withTemporaryFolder { folder in
      let path = try folder.file("repositories.sqlite", containing: String(repeating: "not SQLite ", count: 300)).path
      let error = #expect(throws: RepositoryIndexError.self) { try RepositoryIndex(path: path) }
      #expect(error?.isCannotOpen == true)
      #expect(error?.description.contains("not a database") == true)
    }
  }

  @Test func aFolderIsNotAnIndex() async throws {
    try await withTemporaryFolder { folder in
      let error = #expect(throws: RepositoryIndexError.self) { try RepositoryIndex(path: folder.path) }
      #expect(error?.description == "Cannot open the repository index at “\(folder.path)”: it is a folder")
    }
  }
}
