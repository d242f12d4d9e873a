import GitHubClient
import RepositoryIndex

/// What an ``IndexSync`` did: the pages it fetched, what the import made of their items, and the failure that
/// ended it early, if any.
struct IndexSyncReport: Sendable {
  /// Why fetching stopped before the end of the results.
  enum Failure: Sendable, Equatable {
    /// A request failed: no connection, a timeout, 401, 422, an unreadable answer…
    case request(GitHubClientError)
    /// The server asked for a wait longer than ``RateLimitWait/longestWait``.
    case rateLimitTooLong(Duration)
    /// The same page was rate limited this many times in a row.
    case rateLimitedTooOften(Int)
  }

  /// Where an item came from: its page, its position on the page (from 1) and its full name (nil for an item that
  /// could not be read).
  struct Origin: Sendable, Equatable {
    var page: Int
    var position: Int
    var fullName: String?
  }

  /// An item the import skipped, and why.
  struct SkippedItem: Sendable, Equatable {
    var origin: Origin
    var message: String

    /// `page 2, item 5 (owner/name): message`, or `page 2, item 6: message` for an item that could not be read.
    var description: String {
      "page \(origin.page), item \(origin.position)\(origin.fullName.map { " (\($0))" } ?? ""): \(message)"
    }
  }

  /// Pages fetched.
  var pages = 0
  /// How many repositories match in all, as the last page said.
  var totalCount: Int?
  /// Each item fetched, in order.
  var origins: [Origin] = []
  /// Repositories new to the index, updated, and already there as fetched.
  var inserted = 0
  var updated = 0
  var unchanged = 0
  /// Items that could not be read or that the import skipped.
  var skipped: [SkippedItem] = []
  /// Why fetching stopped early; nil when it reached the end, the limit or the cap.
  var failure: Failure?

  /// Items fetched and read.
  var fetched: Int { origins.count }
  /// Items now in the index.
  var imported: Int { inserted + updated + unchanged }

  /// Adds what an import of some of the items did; `item(line)` is the position in ``origins`` of the item on
  /// `line` of the imported document.
  mutating func add(_ report: ImportReport, item: (Int) -> Int?) {
    inserted += report.inserted
    updated += report.updated
    unchanged += report.unchanged
    for issue in report.issues {
      guard let position = item(issue.line) else { continue }
      skipped.append(SkippedItem(origin: origins[position], message: issue.message))
    }
  }

  /// `Synced 250 repositories from 3 pages (240 new, 10 updated, 0 unchanged), skipped 2 items`.
  var summary: String {
    let grouped = IndexCommand.Import.grouped
    var text =
      "Synced \(grouped(imported)) \(imported == 1 ? "repository" : "repositories") from \(grouped(pages)) "
      + "\(pages == 1 ? "page" : "pages") "
      + "(\(grouped(inserted)) new, \(grouped(updated)) updated, \(grouped(unchanged)) unchanged)"
    if !skipped.isEmpty {
      text += ", skipped \(grouped(skipped.count)) \(skipped.count == 1 ? "item" : "items")"
    }
    return text
  }
}
