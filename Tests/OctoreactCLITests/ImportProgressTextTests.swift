import RepositoryIndex
import Testing

@testable import octoreact

/// The import's progress line, figure by figure, without a clock.
@Suite("Import progress text")
struct ImportProgressTextTests {
  private func reading(_ bytes: Int64, of total: Int64, repositories: Int = 1000) -> ImportProgress {
    ImportProgress(phase: .reading, bytesRead: bytes, totalBytes: total, linesRead: 0, repositoriesRead: repositories)
  }

  @Test func percentRateAndTimeLeft() {
    #expect(
      ImportProgressText.line(for: reading(12_300_000, of: 29_100_000, repositories: 120_000), elapsed: .seconds(3))
        == "importing… 42% · 12.3 MB of 29.1 MB · 4.1 MB/s · 5 s left · 120,000 repositories")
  }

  @Test func noRateBeforeTheFirstSecond() {
    #expect(
      ImportProgressText.line(for: reading(400_000, of: 5_000_000), elapsed: .milliseconds(999))
        == "importing… 8% · 400.0 kB of 5.0 MB · 1,000 repositories")
  }

  @Test func theShareIsOfBytesAndNeverRoundsUpTo100() {
    // 80 % read says 80 %, whatever was read ahead; 99.99 % says 99 %.
    #expect(
      ImportProgressText.line(for: reading(4_000_000, of: 5_000_000), elapsed: .zero).hasPrefix("importing… 80% "))
    #expect(ImportProgressText.line(for: reading(9_999, of: 10_000), elapsed: .zero).hasPrefix("importing… 99% "))
    #expect(
      ImportProgressText.line(for: reading(10_000, of: 10_000, repositories: 1), elapsed: .seconds(2))
        == "importing… 100% · 10.0 kB of 10.0 kB · 5.0 kB/s · 1 repository")
  }

  @Test func longImportsAndUnknownSizes() {
    #expect(
      ImportProgressText.line(for: reading(1_000_000, of: 2_000_000_000), elapsed: .seconds(10))
        == "importing… 0% · 1.0 MB of 2.0 GB · 100.0 kB/s · 5 h 33 min left · 1,000 repositories")
    #expect(
      ImportProgressText.line(for: reading(2_500, of: 0), elapsed: .seconds(5))
        == "importing… 2.5 kB · 500 B/s · 1,000 repositories")
    #expect(
      ImportProgressText.line(
        for: ImportProgress(phase: .indexing, bytesRead: 1, totalBytes: 1, linesRead: 1, repositoriesRead: 3300),
        elapsed: .seconds(9)) == "building the search index (3,300 repositories)…")
  }

  @Test func units() {
    #expect(ImportProgressText.bytes(999) == "999 B")
    #expect(ImportProgressText.bytes(1000) == "1.0 kB")
    #expect(ImportProgressText.bytes(999_960) == "1.0 MB")
    #expect(ImportProgressText.duration(0.2) == "1 s")
    #expect(ImportProgressText.duration(125) == "2 min 5 s")
    #expect(ImportProgressText.duration(3_780) == "1 h 3 min")
  }
}
