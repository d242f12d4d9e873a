import Foundation
import RepositoryIndex
import Testing

/// A file to import that is not text is refused before anything is imported.
@Suite("RepositoryIndex binary files")
struct RepositoryIndexBinaryFileTests {
  @Test func aFileWithANulByteIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex.inMemory()
      let url = folder.appendingPathComponent("logo.png")
      let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
      try Data(png + Array(repeating: 0x41, count: 100)).write(to: url)

      let error = await #expect(throws: RepositoryIndexError.self) { try await index.importRepositories(from: url) }
      #expect(error?.isCannotRead == true)
      #expect(
        error?.description == "Cannot read “\(url.path)”: it is not a text file (a NUL byte at offset 8); "
          + "import reads owner/name lines, JSON or JSON Lines")
      #expect(try await index.count() == 0)
    }
  }

  @Test func aFileThatIsNotUTF8IsRefused() async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex.inMemory()
      let url = folder.appendingPathComponent("latin1.txt")
      try Data(Array("apple/swift\ncaf".utf8) + [0xE9] + Array("/x\n".utf8)).write(to: url)

      let error = await #expect(throws: RepositoryIndexError.self) { try await index.importRepositories(from: url) }
      #expect(error?.description.contains("it is not a text file (not UTF-8)") == true)
      #expect(try await index.count() == 0)
    }
  }

  @Test func aCharacterCutAtTheEndOfTheCheckedBlockIsText() async throws {
    try await withTemporaryFolder { folder in
      let index = try RepositoryIndex.inMemory()
      // 2 + 3 × 30,000 bytes: the checked block (65,536 bytes) ends inside a “中”.
      let text = "##" + String(repeating: "中", count: 30_000) + "\napple/swift\n"
      let url = try folder.file("names.txt", containing: text)

      let report = try await index.importRepositories(from: url)
      #expect(report.imported == 1)
    }
  }
}
