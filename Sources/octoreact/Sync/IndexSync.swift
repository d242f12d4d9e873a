import Foundation
import GitHubClient
import RepositoryIndex
import WebApp

/// Fills a ``RepositoryIndex`` from a GitHub-compatible search API: `octoreact index sync`.
///
/// It asks for the first page of the search, follows `Link: <…>; rel="next"` (never a computed page number, and
/// only forward, so a server that links back cannot loop it), and stops at the end of the results, at ``limit``
/// or at the API's 1,000-result cap, whichever comes first. The items are then imported as `index import` imports
/// a GitHub JSON file, with the same rules (a positive id, an owner that follows signup's rules, well-formed
/// topics and dates), as one transaction (two when another Octoreact server sent repositories it knows only by
/// name, which are imported as a name list): a repository already in the index is updated, never duplicated, and
/// an item the rules refuse is counted and described in the report, never written.
///
/// **Rate limits:** a page refused with 403/429 and `x-ratelimit-remaining: 0`, `x-ratelimit-reset` or
/// `retry-after` is asked for again after the wait the server names, with a progress line
/// (`rate limited, waiting 42 s…`), within the bounds of ``RateLimitWait``. The wait runs on ``clock``, and the
/// server's reset time is read against ``now``: tests pass a `TestClock` and a fixed date.
///
/// **Failures are values:** a request that fails (no connection, 401, a 422 for a bad query, a rate limit past
/// the bounds) ends the fetching; what was fetched before it is still imported, and the report carries the
/// failure. Only the index's own failures (and cancellation) are thrown.
struct IndexSync: Sendable {
  /// The search in GitHub's syntax, such as `swift language:swift stars:>100`.
  var query: String
  /// `stars`, `forks` or `updated`, or nil for best match.
  var sort: String?
  /// `asc` or `desc` with ``sort``.
  var order: String?
  /// The most repositories to fetch; the API serves at most ``RepositorySearchQuery/resultLimit`` anyway.
  var limit = RepositorySearchQuery.resultLimit
  /// Results asked for per page (1 to 100).
  var perPage = RepositorySearchQuery.maxPerPage
  /// The API to ask.
  var client: GitHubClient
  /// Its root URL, to recognise pages of its own among the items' `html_url`s.
  var baseURL: String
  /// Where rate-limit waits are slept.
  var clock: any Clock<Duration>
  /// The wall-clock time, against which `x-ratelimit-reset` is read.
  var now: @Sendable () -> Date
  /// Receives each progress line (`page 3: 250 repositories`, `rate limited, waiting 42 s…`).
  var progress: @Sendable (String) -> Void

  /// The most repositories this sync keeps.
  var cap: Int { max(0, min(limit, RepositorySearchQuery.resultLimit)) }

  /// Fetches the pages, then imports what was fetched into `index`.
  ///
  /// - Throws: `RepositoryIndexError` when the index fails (it is then unchanged), `CancellationError` when the
  ///   task is cancelled during a wait.
  func run(into index: RepositoryIndex) async throws -> IndexSyncReport {
    var report = IndexSyncReport()
    let items = try await fetch(into: &report).map(homePage)
    // Another Octoreact's repositories known only by name stay so here, imported as a name list: their unknown
    // figures must not become zeros (GitHub JSON with a positive id claims to know the stars).
    let byName = items.indices.filter { Self.isKnownOnlyByName(items[$0]) }
    let objects = items.indices.filter { !Self.isKnownOnlyByName(items[$0]) }
    let parts = [
      (positions: objects, data: try Self.document(objects.map { items[$0] }), firstLine: 2),
      (positions: byName, data: Data(byName.map { items[$0].fullName + "\n" }.joined().utf8), firstLine: 1),
    ]
    for part in parts where !part.positions.isEmpty {
      let imported = try await index.importRepositories(from: part.data)
      report.add(imported) { line in
        part.positions.indices.contains(line - part.firstLine) ? part.positions[line - part.firstLine] : nil
      }
    }
    return report
  }

  /// Whether `item` is a repository another Octoreact server knows only by name: an id from 2^52 (see
  /// `GitHubRepository.localIDBase`) and no stars.
  static func isKnownOnlyByName(_ item: GitHubRepository) -> Bool {
    // A name with a line break would take two lines of the list; as JSON, the import refuses it by its own rules.
    item.id >= GitHubRepository.localIDBase && item.stargazersCount == nil
      && !item.fullName.contains(where: \.isNewline)
  }

  /// `item` with its GitHub page as `html_url` when the API gave a page on its own host (another Octoreact
  /// server's `/repositories/owner/name`): the index keeps where a repository lives, not a page of a server that
  /// may be gone tomorrow.
  private func homePage(_ item: GitHubRepository) -> GitHubRepository {
    guard let apiHost = URLComponents(string: baseURL)?.host,
      let page = URLComponents(string: item.htmlURL), page.host == apiHost
    else { return item }
    var item = item
    item.htmlURL = "https://github.com/\(item.fullName)"
    return item
  }

  /// Fetches pages until the end, the cap or a failure, which goes into `report`.
  private func fetch(into report: inout IndexSyncReport) async throws -> [GitHubRepository] {
    var query = RepositorySearchQuery(q: query, page: 1, perPage: min(perPage, max(1, cap)), sort: sort, order: order)
    var items: [GitHubRepository] = []
    var refusals = 0
    while items.count < cap {
      let results: RepositorySearchResults
      do {
        results = try await client.searchRepositories(query)
      } catch let error where error.isRateLimit {
        refusals += 1
        switch RateLimitWait.decide(after: error, refusals: refusals, now: now()) {
        case .wait(let delay):
          progress("rate limited, waiting \(SearchFailure.duration(delay))…")
          try await clock.sleep(for: delay)
          continue
        case .tooLong(let delay):
          report.failure = .rateLimitTooLong(delay)
        case .tooOften:
          report.failure = .rateLimitedTooOften(refusals)
        }
        return items
      } catch {
        report.failure = .request(error)
        return items
      }
      refusals = 0
      report.pages += 1
      report.totalCount = results.totalCount
      let kept = results.items.prefix(cap - items.count)
      // Positions on the page, counting the items that could not be read (reported, never imported).
      let unread = results.response.undecodableItems
      let unreadPositions = Set(unread.map(\.position))
      let positions = (1..<(results.items.count + unread.count + 1)).filter { !unreadPositions.contains($0) }
      for (item, position) in zip(kept, positions) {
        report.origins.append(.init(page: query.page, position: position, fullName: item.fullName))
      }
      // Unread items after the last one kept were cut with it: not reported.
      let firstLeftOut = kept.count < results.items.count ? positions[kept.count] : Int.max
      for item in unread where item.position < firstLeftOut {
        report.skipped.append(.init(origin: .init(page: query.page, position: item.position), message: item.reason))
      }
      items += kept
      progress("page \(query.page): \(IndexCommand.Import.grouped(items.count)) repositories")
      guard !results.items.isEmpty, let next = results.nextPage, next > query.page else { break }
      query.page = next
    }
    return items
  }

  /// The items as a JSON array in GitHub's shape, one item per line from line 2, so that an import issue's line
  /// names its item.
  static func document(_ items: [GitHubRepository]) throws -> Data {
    let encoder = JSONEncoder()
    var document = Data("[\n".utf8)
    for (offset, item) in items.enumerated() {
      if offset > 0 { document.append(contentsOf: ",\n".utf8) }
      // The encoder escapes line breaks inside strings, so an item never spans two lines.
      document.append(try encoder.encode(item))
    }
    document.append(contentsOf: "\n]\n".utf8)
    return document
  }
}
