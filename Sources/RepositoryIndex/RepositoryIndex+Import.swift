public import Foundation
internal import GRDB

extension RepositoryIndex {
  /// Imports the repositories listed in a file, in one transaction.
  ///
  /// The format is detected from the first bytes (see ``ImportFormat``):
  /// - a name list, one `owner/name` or `https://github.com/owner/name` per line (blank lines and `#`
  ///   comments ignored);
  /// - a GitHub search response `{"total_count": …, "items": […]}`, or a JSON array of
  ///   repository objects;
  /// - JSON Lines, one repository object per line.
  ///
  /// Name lists and JSON Lines are streamed; a JSON document is read whole. A line that cannot
  /// be imported (not `owner/name`, broken JSON, a missing `id` or `full_name`…) is skipped and
  /// reported in ``ImportReport/issues`` with its line number; nothing of it is written.
  /// Importing the same file again changes nothing (see ``ImportReport/unchanged``).
  ///
  /// - Parameter progress: Called a few times a second from the importing thread.
  /// - Throws: ``RepositoryIndexError/cannotRead(file:reason:)`` when the file cannot be read,
  ///   ``RepositoryIndexError/storage(_:)`` when the database fails; the index is then unchanged.
  ///
  /// For example:
  ///
  /// ```swift
  /// let report = try await index.importRepositories(from: URL(fileURLWithPath: "repos.txt")) { progress in
  ///   print("\(Int(progress.fractionRead * 100))%")
  /// }
  /// for issue in report.issues { print("repos.txt:\(issue.line): \(issue.message)") }
  /// ```
  @discardableResult
  public func importRepositories(
    from fileURL: URL,
    progress: (@Sendable (ImportProgress) -> Void)? = nil
  ) async throws(RepositoryIndexError) -> ImportReport {
    let source = try ByteSource.open(fileURL)
    defer { source.close() }
    try source.requireText()
    return try await importRepositories(from: source, progress: progress)
  }

  /// Imports repositories from bytes in memory, in any of the file formats.
  @discardableResult
  public func importRepositories(
    from data: Data,
    progress: (@Sendable (ImportProgress) -> Void)? = nil
  ) async throws(RepositoryIndexError) -> ImportReport {
    try await importRepositories(from: .memory([UInt8](data)), progress: progress)
  }

  /// Imports the demo list bundled with Octoreact (about 3,300 real repository names) when the
  /// index is empty; returns nil, doing nothing, when it is not.
  @discardableResult
  public func importDemoDataIfEmpty() async throws(RepositoryIndexError) -> ImportReport? {
    guard try await count() == 0 else { return nil }
    guard let url = Bundle.module.url(forResource: "repositories", withExtension: "txt") else {
      throw .storage("the demo repository list is missing from the RepositoryIndex bundle")
    }
    let source = try ByteSource.open(url)
    defer { source.close() }
    return try await importRepositories(from: source, progress: nil, onlyIfEmpty: true)
  }

  private func importRepositories(
    from source: ByteSource,
    progress: (@Sendable (ImportProgress) -> Void)?,
    onlyIfEmpty: Bool = false
  ) async throws(RepositoryIndexError) -> ImportReport? {
    let start = ContinuousClock.now
    let importer = Importer(source: source, progress: progress)
    let result = try await write { db -> (ImportReport, PopularCounts.Plan?)? in
      // Checked again in the transaction: another import may have filled the index meanwhile.
      if onlyIfEmpty, try Int.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM repository)") == 1 { return nil }
      return try importer.run(db)
    }
    guard let (importReport, plan) = result else { return nil }
    var report = importReport
    if let plan {
      // The import has committed: should counting fail (or be cancelled), searches keep counting
      // popular words on the spot, which is correct, only slower, until the next import.
      try? await refreshPopularCounts(plan)
      await truncateWriteAheadLog()
    }
    report.duration = ContinuousClock.now - start
    return report
  }

  /// Counts the matches of the popular queries of `plan` on two reader connections at once,
  /// then stores them (see ``PopularCounts``).
  private func refreshPopularCounts(_ plan: PopularCounts.Plan) async throws(RepositoryIndexError) {
    // Deal the prefixes, biggest first, into two halves of about the same work.
    var halves: ([String], [String]) = ([], [])
    var work = (0, 0)
    for candidate in plan.candidates {
      if work.0 <= work.1 {
        halves.0.append(candidate.prefix)
        work.0 += candidate.bound
      } else {
        halves.1.append(candidate.prefix)
        work.1 += candidate.bound
      }
    }
    let (first, second) = halves
    let all: [String: Int]
    do {
      async let firstCounts = read { db in try PopularCounts.count(first, serial: plan.serial, in: db) }
      async let secondCounts = read { db in try PopularCounts.count(second, serial: plan.serial, in: db) }
      guard let counts = try await firstCounts, let moreCounts = try await secondCounts else { return }
      all = counts.merging(moreCounts) { first, _ in first }
    } catch {
      throw Self.translate(error)
    }
    try await write { db in try PopularCounts.store(all, for: plan, in: db) }
  }

  private func importRepositories(
    from source: ByteSource,
    progress: (@Sendable (ImportProgress) -> Void)?
  ) async throws(RepositoryIndexError) -> ImportReport {
    guard let report = try await importRepositories(from: source, progress: progress, onlyIfEmpty: false) else {
      preconditionFailure("an import that does not require an empty index always returns a report")
    }
    return report
  }
}
