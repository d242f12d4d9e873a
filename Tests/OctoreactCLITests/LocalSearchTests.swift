import AccountStore
import Foundation
import Testing

/// `octoreact search --index FILE` reads a local index, with no server running.
@Suite("Local search")
struct LocalSearchTests {
  @Test func searchReadsALocalIndexWithoutAServer() async throws {
    try await withTemporaryFolder { folder in
      let index = folder.path("repositories.sqlite")
      let list = try folder.file(
        "repos.txt", containing: "apple/swift-nio\nhttps://github.com/apple/swift-log.git\nvapor/vapor\n")
      let imported = try await CommandRun(["index", "import", list, "--index", index], in: folder)
      #expect(imported.status == 0)
      #expect(imported.standardOutput.hasPrefix("Imported 3 repositories (3 new, 0 updated, 0 unchanged)"))

      let run = try await CommandRun(["search", "--index", index, "swift"], in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }.sorted()
        == ["apple/swift-log", "apple/swift-nio"])

      let json = try await CommandRun(["search", "--index", index, "--json", "vapor"], in: folder)
      #expect(json.standardOutput.contains(#""html_url" : "https://github.com/vapor/vapor""#))
    }
  }

  @Test func searchRefusesAMissingIndexAndAnAccountDatabase() async throws {
    try await withTemporaryFolder { folder in
      let missing = try await CommandRun(["search", "--index", folder.path("none.sqlite"), "swift"], in: folder)
      #expect(missing.status == 64)
      #expect(missing.standardError.contains("no repository index at “\(folder.path("none.sqlite"))”"))
      #expect(!FileManager.default.fileExists(atPath: folder.path("none.sqlite")))

      let accounts = folder.path("accounts.sqlite")
      try AccountStore(path: accounts).close()
      let run = try await CommandRun(["search", "--index", accounts, "swift"], in: folder)
      #expect(run.status == 1)
      #expect(run.standardError.contains("it is an Octoreact account database, not an Octoreact repository index"))

      let both = try await CommandRun(["search", "--index", accounts, "--github", "swift"], in: folder)
      #expect(both.status == 64)
      #expect(both.standardError.contains("use one of --api, --github and --index"))
    }
  }
}
