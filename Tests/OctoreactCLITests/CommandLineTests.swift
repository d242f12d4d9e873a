import Foundation
import Testing

@testable import octoreact

/// The command line's own behaviour: its version, mistyped subcommands, files it refuses.
@Suite("Command line")
struct CommandLineTests {
  @Test func versionIsTheOneDefinedInCode() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["--version"], in: folder)
      #expect(run.status == 0)
      #expect(run.standardOutput == OctoreactVersion.current + "\n")
    }
  }

  @Test func aMistypedSubcommandSuggestsTheRightOne() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["serch", "swift"], in: folder)
      #expect(run.status == 64)
      #expect(run.standardError.contains("unknown command 'serch' for 'octoreact': did you mean 'search'?"))
      // Not serve's usage, and no server started.
      #expect(!run.standardError.contains("--host"))
      #expect(run.standardOutput.isEmpty)
    }
  }

  @Test func aMistypedNestedSubcommandSuggestsTheRightOne() async throws {
    try await withTemporaryFolder { folder in
      let run = try await CommandRun(["index", "improt", "repos.txt"], in: folder)
      #expect(run.status == 64)
      #expect(run.standardError.contains("unknown command 'improt' for 'octoreact index': did you mean 'import'?"))
    }
  }

  @Test func suggestions() {
    let root = Octoreact.self
    #expect(UnknownSubcommand.message(for: [], root: root) == nil)
    #expect(UnknownSubcommand.message(for: ["--port", "0"], root: root) == nil)
    #expect(UnknownSubcommand.message(for: ["search", "serch"], root: root) == nil)
    #expect(UnknownSubcommand.message(for: ["index", "import", "x"], root: root) == nil)
    #expect(UnknownSubcommand.message(for: ["help"], root: root) == nil)
    #expect(UnknownSubcommand.message(for: ["serv"], root: root)?.hasSuffix("did you mean 'serve'?") == true)
    #expect(UnknownSubcommand.message(for: ["Search"], root: root)?.hasSuffix("did you mean 'search'?") == true)
    #expect(UnknownSubcommand.message(for: ["idnex"], root: root)?.hasSuffix("did you mean 'index'?") == true)
    #expect(
      UnknownSubcommand.message(for: ["frobnicate"], root: root)
        == "unknown command 'frobnicate' for 'octoreact': the commands are serve, search, index, replay")
    #expect(UnknownSubcommand.editDistance("serch", "search") == 1)
    #expect(UnknownSubcommand.editDistance("", "abc") == 3)
    #expect(UnknownSubcommand.editDistance("kitten", "sitting") == 3)
  }

  @Test func aBinaryFileIsRefusedWithoutItsBytesReachingTheTerminal() async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("logo.png")
      var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x1B, 0x5B, 0x32, 0x4A]
      bytes += Array(repeating: 0xFF, count: 200)
      try Data(bytes).write(to: file)

      let run = try await CommandRun(["index", "import", file.path, "--index", folder.path("i.sqlite")], in: folder)
      #expect(run.status == 1)
      #expect(run.standardError.contains("it is not a text file (a NUL byte at offset 8)"))
      #expect(!run.standardError.unicodeScalars.contains("\u{1B}"))
      #expect(!run.standardError.contains("\u{FFFD}"))
    }
  }
}
