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

  @Test func qualifiersAndSortingWorkOnALocalIndex() async throws {
    try await withTemporaryFolder { folder in
      let index = folder.path("repositories.sqlite")
      let objects = [
        #"{"id":1,"full_name":"apple/swift-nio","stargazers_count":8000,"language":"Swift","forks_count":650}"#,
        #"{"id":2,"full_name":"vapor/vapor","description":"swift web","stargazers_count":25000,"language":"Swift"}"#,
        #"{"id":3,"full_name":"someone/swift-toy","stargazers_count":50,"language":"Swift"}"#,
        #"{"id":4,"full_name":"torvalds/linux","stargazers_count":180000,"language":"C"}"#,
      ]
      let list = try folder.file("repos.jsonl", containing: objects.joined(separator: "\n") + "\n")
      #expect(try await CommandRun(["index", "import", list, "--index", index], in: folder).status == 0)

      let run = try await CommandRun(
        ["search", "--index", index, "--sort", "stars", "swift", "language:swift", "stars:>100"], in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").first ?? "" }
        == ["vapor/vapor", "apple/swift-nio"])

      let refused = try await CommandRun(["search", "--index", index, "swift", "size:>10"], in: folder)
      #expect(refused.status == 1)
      #expect(refused.standardError.contains("The qualifier “size:” is not supported."), "\(refused.standardError)")

      let badSort = try await CommandRun(["search", "--index", index, "--sort", "size", "swift"], in: folder)
      #expect(badSort.status == 64)
      #expect(badSort.standardError.contains("sort “size” is not supported"))
    }
  }

  @Test func allStopsAtTheThousandthResult() async throws {
    try await withTemporaryFolder { folder in
      let index = folder.path("repositories.sqlite")
      let names = (1...1_050).map { "owner\($0 % 40)/swift-\($0)" }.joined(separator: "\n")
      let list = try folder.file("repos.txt", containing: names + "\n")
      #expect(try await CommandRun(["index", "import", list, "--index", index], in: folder).status == 0)

      let run = try await CommandRun(["search", "--index", index, "--all", "swift"], in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      #expect(run.standardOutput.split(separator: "\n").count == 1_000)
      // Stars of a repository known only by name are unknown: an empty field, not 0.
      let firstLine = run.standardOutput.split(separator: "\n").first ?? ""
      #expect(firstLine.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first == "")
    }
  }
}
