/// What an import did: how many repositories it inserted, updated or found unchanged, and the
/// lines it skipped.
public struct ImportReport: Sendable, Hashable {
  /// The format the file was read as.
  public var format: ImportFormat
  /// Repositories new to the index.
  public var inserted = 0
  /// Repositories already in the index whose fields changed (or which got their GitHub id).
  public var updated = 0
  /// Repositories already in the index as the file describes them (a list line never changes
  /// a repository that is already there).
  public var unchanged = 0
  /// Lines or items that could not be imported; each is described in ``issues``.
  public var skipped = 0
  /// The first ``maximumIssueCount`` problems, in file order.
  public var issues: [ImportIssue] = []
  /// Lines read, blank lines and comments included (for a JSON document: its lines).
  public var linesRead = 0
  /// Wall-clock time of the import, reading and indexing.
  public var duration: Duration = .zero

  /// Issues kept in a report; ``skipped`` counts them all.
  public static let maximumIssueCount = 1_000

  public init(format: ImportFormat) {
    self.format = format
  }

  /// Repositories the file described that are now in the index: inserted, updated or unchanged.
  public var imported: Int { inserted + updated + unchanged }

  mutating func skip(_ issue: ImportIssue) {
    skipped += 1
    if issues.count < Self.maximumIssueCount { issues.append(issue) }
  }
}

/// A line (or JSON item) that an import skipped, and why.
public struct ImportIssue: Sendable, Hashable, CustomStringConvertible {
  /// The line, from 1; for an item of a JSON document, the line where the item starts.
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `line 12: message`.
  public var description: String { "line \(line): \(message)" }
}

/// The formats an import reads, detected from the first bytes of the file.
public enum ImportFormat: String, Sendable, Hashable, CustomStringConvertible {
  /// One `owner/name` (or `https://github.com/owner/name`, with or without `.git`) per line; blank lines and
  /// lines starting with `#` are ignored.
  case nameList = "name list"
  /// A GitHub search response (`{"total_count": …, "items": [repository, …]}`) or a JSON array
  /// of repository objects.
  case jsonDocument = "JSON document"
  /// One GitHub repository object per line.
  case jsonLines = "JSON Lines"

  public var description: String { rawValue }
}

/// How far an import has come, reported to the `progress` closure a few times a second.
public struct ImportProgress: Sendable, Hashable {
  public enum Phase: Sendable, Hashable {
    /// Reading the file and writing rows.
    case reading
    /// Building the search indexes after a bulk load: the file has been read.
    case indexing
  }

  public var phase: Phase
  public var bytesRead: Int64
  /// The size of the file, or 0 when unknown.
  public var totalBytes: Int64
  public var linesRead: Int
  /// Repositories read so far (inserted, updated or unchanged).
  public var repositoriesRead: Int

  public init(phase: Phase, bytesRead: Int64, totalBytes: Int64, linesRead: Int, repositoriesRead: Int) {
    self.phase = phase
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
    self.linesRead = linesRead
    self.repositoriesRead = repositoriesRead
  }

  /// The part of the file read, from 0 to 1 (0 when the size is unknown).
  public var fractionRead: Double {
    totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0
  }
}
