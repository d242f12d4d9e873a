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

  @Test func aNameListIntoAnEmptyIndexGetsTheFullTextIndexARebuildMakes() async throws {
    try await withTemporaryFolder { folder in
      // Full-text built on another thread during the import, then copied in: the same bytes.
      let names = generatedNames(20_000, prefix: "swift-nio") + ["Apple/Swift_Crypto.x", "apple/swift_crypto.X"]
      let index = try RepositoryIndex(path: folder.indexPath)
      try await index.importText(names.joined(separator: "\n"))
      try index.close()

      let database = try DatabaseQueue(path: folder.indexPath)
      @Sendable func fullTextRows(_ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT * FROM repository_fts_data ORDER BY id").map { Array($0.databaseValues) }
          + Row.fetchAll(db, sql: "SELECT * FROM repository_fts_idx ORDER BY segid, term").map {
            Array($0.databaseValues)
          }
      }
      let imported = try await database.read { db in try fullTextRows(db) }
      try await database.write { db in
        try db.execute(sql: "INSERT INTO repository_fts (repository_fts) VALUES ('integrity-check')")
        try db.execute(sql: "INSERT INTO repository_fts (repository_fts) VALUES ('rebuild')")
      }
      let rebuilt = try await database.read { db in try fullTextRows(db) }
      #expect(imported.count > 100)
      #expect(imported.count == rebuilt.count)
      let identical = imported == rebuilt  // (not inside #expect, which would print every row)
      #expect(identical)
      let matches = try await database.read { db in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM repository_fts WHERE repository_fts MATCH 'nio*'")
      }
      #expect(matches == 20_000)
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
