import AccountStore
import Foundation
import GRDB
import RepositoryIndex
import Testing

/// Each database option refuses the other database by name, and the option that takes it, unchanged.
@Suite("Database options")
struct DatabaseOptionTests {
  @Test func serveRefusesARepositoryIndexAsItsAccountDatabase() async throws {
    try await withTemporaryFolder { folder in
      let index = folder.path("repositories.sqlite")
      try RepositoryIndex(path: index).close()

      let run = try await CommandRun(
        ["serve", "--port", "0", "--database", index, "--index", folder.path("other.sqlite")], in: folder)
      #expect(run.status == 1)
      #expect(
        run.standardError.contains(
          "--database: Cannot open the account database at “\(index)”: it is an Octoreact repository index, "
            + "not an Octoreact account database (a repository index goes to --index)"))
      #expect(!FileManager.default.fileExists(atPath: folder.path("other.sqlite")))
    }
  }

  @Test func serveRefusesAnAccountDatabaseAsItsIndex() async throws {
    try await withTemporaryFolder { folder in
      let accounts = folder.path("accounts.sqlite")
      try AccountStore(path: accounts).close()

      let run = try await CommandRun(
        ["serve", "--port", "0", "--database", folder.path("new.sqlite"), "--index", accounts], in: folder)
      #expect(run.status == 1)
      #expect(
        run.standardError.contains(
          "--index: Cannot open the repository index at “\(accounts)”: it is an Octoreact account database, "
            + "not an Octoreact repository index (an account database goes to serve --database)"))
      #expect(try await tables(in: accounts) == ["accounts", "grdb_migrations"])
    }
  }

  @Test func indexImportRefusesAnAccountDatabaseAndLeavesItUnchanged() async throws {
    try await withTemporaryFolder { folder in
      let accounts = folder.path("accounts.sqlite")
      try AccountStore(path: accounts).close()
      let list = try folder.file("repos.txt", containing: "apple/swift-nio\n")

      let run = try await CommandRun(["index", "import", list, "--index", accounts], in: folder)
      #expect(run.status == 1)
      #expect(run.standardError.contains("it is an Octoreact account database, not an Octoreact repository index"))
      #expect(try await tables(in: accounts) == ["accounts", "grdb_migrations"])
    }
  }

  @Test func indexImportRefusesAnotherApplicationsDatabase() async throws {
    try await withTemporaryFolder { folder in
      let other = folder.path("photos.sqlite")
      let queue = try DatabaseQueue(path: other)
      try await queue.write { db in try db.execute(sql: "CREATE TABLE photos (path TEXT)") }
      try queue.close()
      let list = try folder.file("repos.txt", containing: "apple/swift-nio\n")

      let run = try await CommandRun(["index", "import", list, "--index", other], in: folder)
      #expect(run.status == 1)
      #expect(
        run.standardError.contains(
          "--index: Cannot open the repository index at “\(other)”: it is an SQLite database of another "
            + "application (tables: photos), not an Octoreact repository index"))
      #expect(try await tables(in: other) == ["photos"])
    }
  }

  private func tables(in path: String) async throws -> [String] {
    try await DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    }
  }
}
