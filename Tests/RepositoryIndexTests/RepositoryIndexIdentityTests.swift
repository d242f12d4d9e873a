import DatabaseFile
import Foundation
import GRDB
import RepositoryIndex
import Testing

/// The repository index says what it is (SQLite's `application_id`) and refuses files that are not one.
@Suite("RepositoryIndex identity")
struct RepositoryIndexIdentityTests {
  @Test func aNewIndexIsStampedAsARepositoryIndex() async throws {
    try await withTemporaryFolder { folder in
      try RepositoryIndex(path: folder.indexPath).close()

      let applicationID = try await DatabaseQueue(path: folder.indexPath).read { db in
        try Int32.fetchOne(db, sql: "PRAGMA application_id")
      }
      #expect(applicationID == DatabaseKind.repositoryIndex.applicationID)
      #expect(applicationID == 0x4F43_5449)
    }
  }

  @Test func anIndexMadeBeforeTheStampIsAdoptedAndStamped() async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex(path: folder.indexPath)
      _ = try await index.importRepositories(from: folder.file("repos.txt", containing: "apple/swift-nio\n"))
      try index.close()
      // Back to the state of a file made by the first release: no stamp, no record of the stamping migration.
      let queue = try DatabaseQueue(path: folder.indexPath)
      try await queue.write { db in
        try db.execute(
          sql: "PRAGMA application_id = 0; DELETE FROM grdb_migrations WHERE identifier = 'v2-stamp-application-id'")
      }
      try queue.close()

      let reopened = try RepositoryIndex(path: folder.indexPath)
      #expect(try await reopened.count() == 1)
      try reopened.close()
      let applicationID = try await DatabaseQueue(path: folder.indexPath).read { db in
        try Int32.fetchOne(db, sql: "PRAGMA application_id")
      }
      #expect(applicationID == DatabaseKind.repositoryIndex.applicationID)
    }
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndLeftUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let other = try DatabaseQueue(path: folder.indexPath)
      try await other.write { db in try db.execute(sql: "CREATE TABLE photos (path TEXT)") }
      try other.close()

      let error = #expect(throws: RepositoryIndexError.self) { try RepositoryIndex(path: folder.indexPath) }
      #expect(error?.isCannotOpen == true)
      #expect(error?.isOtherOctoreactDatabase == false)
      #expect(
        error?.description == "Cannot open the repository index at “\(folder.indexPath)”: it is an SQLite "
          + "database of another application (tables: photos), not an Octoreact repository index")
      let tables = try await DatabaseQueue(path: folder.indexPath).read { db in
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
      }
      #expect(tables == ["photos"])
    }
  }
}
