import Foundation
import Testing

@testable import octoreact

/// What `index import` prints about a skipped line reaches a terminal: no control characters, bounded.
@Suite("Import issues")
struct ImportIssueTests {
  @Test func controlCharactersAreShownEscapedAndLongMessagesCut() {
    #expect(IndexCommand.Import.printable("found “a\u{1B}[2Jb”") == "found “a\\u{1B}[2Jb”")
    #expect(IndexCommand.Import.printable("tab\there\r") == "tab\\u{9}here\\u{D}")
    let long = IndexCommand.Import.printable(String(repeating: "x", count: 10_000))
    #expect(long.count == IndexCommand.Import.maximumMessageLength + 1)
    #expect(long.hasSuffix("…"))
  }

  @Test func aTextFileWithEscapeSequencesDoesNotReachTheTerminalRaw() async throws {
    try await withTemporaryFolder { folder in
      let list = try folder.file(
        "repos.txt", containing: "apple/swift\nbad\u{1B}[2J/x\n" + String(repeating: "y", count: 5000) + "\n")
      let run = try await CommandRun(["index", "import", list, "--index", folder.path("i.sqlite")], in: folder)
      #expect(run.status == 0)
      #expect(!run.standardError.unicodeScalars.contains("\u{1B}"))
      #expect(run.standardError.contains(":2: the owner “bad\\u{1B}[2J” is not a GitHub login"))
      #expect(run.standardError.split(separator: "\n").allSatisfy { $0.count < 400 })
    }
  }
}
