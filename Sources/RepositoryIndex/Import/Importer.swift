internal import Foundation
internal import GRDB

/// Reads an import file in its detected format and hands each record to an ``ImportWriter``,
/// reporting progress. Runs inside the import's write transaction.
struct Importer {
  let source: ByteSource
  let progress: (@Sendable (ImportProgress) -> Void)?

  /// Progress is reported at most this often.
  static let progressInterval = Duration.milliseconds(100)

  func run(_ db: Database) throws -> (ImportReport, PopularCounts.Plan?) {
    let format = ImportFormat.detect(try source.prefix(65_536))
    var reporter = ProgressReporter(progress: progress, totalBytes: source.size)
    let writer: ImportWriter
    let lines: Int
    switch format {
    case .nameList, .jsonLines:
      writer = try ImportWriter(db: db, format: format, lineCount: try source.countLines())
      let reader = LineReader(source: source)
      var lastLine = 0
      try reader.forEachLine { number, bytes in
        lastLine = number
        guard let bytes else {
          writer.skip(ImportIssue(line: number, message: "the line is longer than 1 MiB"))
          return
        }
        try Self.read(line: Self.trimmed(bytes, isFirst: number == 1), number: number, format: format, into: writer)
        if number & 4095 == 0 {
          reporter.report(
            .reading, bytesRead: reader.bytesConsumed, lines: number, repositories: writer.report.imported)
        }
      }
      lines = lastLine
    case .jsonDocument:
      let bytes = try source.readAll()
      (writer, lines) = try bytes.withUnsafeBufferPointer { buffer in
        let (elements, failure, lines) = JSONDocumentScanner.scan(buffer)
        let writer = try ImportWriter(db: db, format: format, lineCount: elements.count)
        for element in elements {
          switch RepositoryPayload.decode(UnsafeBufferPointer(rebasing: buffer[element.range])) {
          case .success(let fields): try writer.write(fields)
          case .failure(let error): writer.skip(ImportIssue(line: element.line, message: error.message))
          }
        }
        if let failure { writer.skip(ImportIssue(line: failure.line, message: failure.message)) }
        return (writer, lines)
      }
    }
    reporter.report(.reading, bytesRead: source.size, lines: lines, repositories: writer.report.imported, force: true)
    let plan = try writer.finish {
      reporter.report(
        .indexing, bytesRead: source.size, lines: lines, repositories: writer.report.imported, force: true)
    }
    var report = writer.report
    report.linesRead = lines
    return (report, plan)
  }

  private static func read(
    line: UnsafeBufferPointer<UInt8>, number: Int, format: ImportFormat, into writer: ImportWriter
  )
    throws
  {
    guard let first = line.first else { return }
    switch format {
    case .nameList:
      guard first != UInt8(ascii: "#") else { return }
      switch NameBytes.parse(NameBytes.strippingAddress(line)) {
      case .success(let name): try writer.write(name)
      case .failure(let error): writer.skip(ImportIssue(line: number, message: error.message))
      }
    case .jsonLines, .jsonDocument:
      switch RepositoryPayload.decode(line) {
      case .success(let fields): try writer.write(fields)
      case .failure(let error): writer.skip(ImportIssue(line: number, message: error.message))
      }
    }
  }

  /// `bytes` without surrounding spaces and tabs (and a byte order mark on the first line).
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, isFirst: Bool) -> UnsafeBufferPointer<UInt8> {
    var start = bytes.startIndex
    var end = bytes.endIndex
    if isFirst, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }
}

/// Calls the progress closure at a modest rate.
private struct ProgressReporter {
  let progress: (@Sendable (ImportProgress) -> Void)?
  let totalBytes: Int64
  private var lastReport: ContinuousClock.Instant?

  init(progress: (@Sendable (ImportProgress) -> Void)?, totalBytes: Int64) {
    self.progress = progress
    self.totalBytes = totalBytes
  }

  mutating func report(
    _ phase: ImportProgress.Phase,
    bytesRead: Int64,
    lines: Int,
    repositories: Int,
    force: Bool = false
  ) {
    guard let progress else { return }
    let now = ContinuousClock.now
    if !force, let lastReport, now - lastReport < Importer.progressInterval { return }
    lastReport = now
    progress(
      ImportProgress(
        phase: phase,
        bytesRead: bytesRead,
        totalBytes: totalBytes,
        linesRead: lines,
        repositoriesRead: repositories
      )
    )
  }
}
