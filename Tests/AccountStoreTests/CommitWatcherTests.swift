import DatabaseFile
import Foundation
import GRDB
import Testing

@Suite("CommitWatcher")
struct CommitWatcherTests {
  @Test func theFirstReadingIsABaselineAndOnlyAChangeCounts() {
    var version = DataVersion()
    #expect(version.record(7) == false)
    #expect(version.record(7) == false)
    #expect(version.record(8) == true)
    #expect(version.record(8) == false)
    // Readings are not ordered: any difference is a commit.
    #expect(version.record(3) == true)
    #expect(version.lastReading == 3)
  }

  @Test func seesEveryCommitOfEveryOtherConnectionOnce() async throws {
    try await withTemporaryFolder { folder in
      let pool = try DatabasePool(path: folder.databasePath)
      try await pool.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
      let watcher = try CommitWatcher(path: folder.databasePath)
      defer { try? watcher.close() }
      #expect(try watcher.hasChangedSinceLastCheck() == false)

      try await pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
      #expect(try watcher.hasChangedSinceLastCheck() == true)
      #expect(try watcher.hasChangedSinceLastCheck() == false)

      // Reads change nothing; a second connection's commit counts as well.
      _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") }
      #expect(try watcher.hasChangedSinceLastCheck() == false)
      let other = try DatabaseQueue(path: folder.databasePath)
      try await other.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
      try other.close()
      #expect(try watcher.hasChangedSinceLastCheck() == true)
      try pool.close()
    }
  }
}
