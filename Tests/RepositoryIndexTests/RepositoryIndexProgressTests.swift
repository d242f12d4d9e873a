import Foundation
import RepositoryIndex
import Synchronization
import Testing

/// Import progress counts the bytes of the lines imported, not of the chunks read ahead.
@Suite("RepositoryIndex import progress")
struct RepositoryIndexProgressTests {
  @Test func progressIsTheBytesOfTheLinesPassedOn() async throws {
    try await withTemporaryFolder { folder in
      // 100,000 lines of 18 bytes: 1.8 MB, more than one 1 MiB chunk.
      let lines = (0..<100_000).map { String(format: "o%07d/r%07d\n", $0, $0) }
      let url = try folder.file("names.txt", containing: lines.joined())
      let reports = Mutex<[ImportProgress]>([])
      let index = try RepositoryIndex.inMemory()

      _ = try await index.importRepositories(from: url) { progress in reports.withLock { $0.append(progress) } }

      let reading = reports.withLock { $0 }.filter { $0.phase == .reading }
      let first = try #require(reading.first)
      // The first report comes after line 4,096: its end (less its line break), not the 1 MiB chunk.
      #expect(first.linesRead == 4096)
      #expect(first.bytesRead == 4096 * 18 - 1)
      #expect(first.totalBytes == 1_800_000)
      for progress in reading.dropLast() {
        #expect(progress.bytesRead == Int64(progress.linesRead * 18 - 1))
      }
      #expect(reading.last?.bytesRead == 1_800_000)
    }
  }
}
