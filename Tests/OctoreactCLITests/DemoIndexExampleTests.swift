import Foundation
import RepositoryIndex
import Testing

/// `octoreact search` on the bundled demo list (names only): the help's own example finds repositories, and a
/// query filtering on fields the list lacks says what it left out instead of printing nothing (issue 13, item 4).
@Suite("Demo index example")
struct DemoIndexExampleTests {
  /// An index file holding the bundled demo list, as `octoreact serve` builds it on first run.
  static func demoIndex(in folder: URL) async throws -> String {
    let path = folder.path("demo.sqlite")
    let index = try RepositoryIndex(path: path)
    let report = try await index.importDemoDataIfEmpty()
    try index.close()
    #expect((report?.inserted ?? 0) > 3_000)
    return path
  }

  /// The first query `octoreact search --help` gives as an example ("such as `…`").
  static func helpExample(in folder: URL) async throws -> String {
    let help = try await CommandRun(["search", "--help"], in: folder)
    // The help is wrapped to the terminal's width: read it as one line.
    let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let start = try #require(text.range(of: "such as `"), "no example in: \(text)")
    let example = text[start.upperBound...].prefix { $0 != "`" }
    return String(example)
  }

  @Test func theHelpsExampleFindsRepositoriesInTheDemoIndex() async throws {
    try await withTemporaryFolder { folder in
      let index = try await Self.demoIndex(in: folder)
      let example = try await Self.helpExample(in: folder)
      let words = example.split(separator: " ").map(String.init)
      let run = try await CommandRun(["search", "--index", index] + words, in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      let lines = run.standardOutput.split(separator: "\n")
      #expect(!lines.isEmpty, "`octoreact search \(example)` prints nothing on the demo index")
      #expect(lines.allSatisfy { $0.lowercased().contains("swift") })
    }
  }

  @Test func aFieldFilterOnTheDemoIndexSaysWhatItLeftOut() async throws {
    try await withTemporaryFolder { folder in
      let index = try await Self.demoIndex(in: folder)
      let run = try await CommandRun(["search", "--index", index, "swift", "language:swift", "stars:>100"], in: folder)
      #expect(run.status == 0, "\(run.standardError)")
      // Standard output keeps results only, for scripts; the explanation goes to standard error.
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError.hasSuffix(
        " repositories match “swift” but this index has no language or stars for them: fill it with "
          + "`octoreact index sync --github` to filter on those.\n"), "\(run.standardError)")
      let count = run.standardError.prefix { $0 != " " }.replacingOccurrences(of: ",", with: "")
      #expect((Int(count) ?? 0) > 10, "\(run.standardError)")
    }
  }

  @Test func anEmptyAnswerFromAServerExplainsFieldFilters() async throws {
    try await withTemporaryFolder { folder in
      let stderr = try await withOctoreactServer(serving: [], names: ["apple/swift", "apple/swift-nio"], in: folder) {
        api in
        let run = try await CommandRun(["search", "--api", api, "swift", "language:swift", "stars:>100"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        return run.standardError
      }
      let explanation = "have no language or stars, so a search with language: or stars: leaves them out"
      #expect(stderr.contains(explanation), "\(stderr)")
      // Without field filters an empty answer needs no explanation.
      let plain = try await CommandRun(["search", "--index", Self.demoIndex(in: folder), "zzzz-nothing"], in: folder)
      #expect(plain.standardError.isEmpty, "\(plain.standardError)")
    }
  }
}
