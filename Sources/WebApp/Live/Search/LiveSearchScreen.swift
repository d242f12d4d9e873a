import AccountRules
import Foundation
import OctoreactCore
import OctoreactMVVM
import ScreenRecordings
import SearchFeature

/// The Search screen on a live page (`/live/search`). The page sends `query`, throttled as the examples'
/// search bar is (at ``AppConfiguration/queryThrottle``: a search per interval, ending on the latest text),
/// `loadNextPage` and `retry`; ``render(_:after:)`` writes the states `search.js` applies.
final class LiveSearchScreen: LiveScreen {
  static let name = "search"
  static let engines = SearchArchitecture.allCases.map(\.rawValue)

  let screen: any SearchScreen
  let messages: SearchMessages
  let now: @Sendable () -> Date
  private let queries: Throttle<String>

  convenience init(_ context: LiveScreenContext) async {
    let architecture = SearchArchitecture(rawValue: context.page.engine) ?? .reactor
    let client = context.searchClient
    let recording = context.inspector.map {
      $0.keepRecording(
        of: RecordingSearchScreen(
          architecture, client: client, language: context.page.language.rawValue, clock: context.clock,
          limit: LiveInspector.maxRecordingEntries, inspector: $0.report))
    }
    self.init(
      screen: recording ?? architecture.makeScreen(client: client),
      messages: SearchMessages(context.page.language, service: context.configuration.searchService),
      queryThrottle: context.configuration.queryThrottle, clock: context.clock)
  }

  init(
    screen: any SearchScreen, messages: SearchMessages, queryThrottle: Duration, clock: any Clock<Duration>,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.screen = screen
    self.messages = messages
    self.now = now
    queries = Throttle(for: queryThrottle, clock: clock) { [weak screen] in screen?.send(.updateQuery($0)) }
  }

  static func action(from message: LiveInput) throws(LiveInputError) -> SearchReactor.Action {
    switch message.type {
    case "query": .updateQuery(try message.text())
    case "loadNextPage": .loadNextPage
    case "retry": .retry
    default: throw .unknownType(allowed: ["query", "loadNextPage", "retry"])
    }
  }

  func handle(_ action: SearchReactor.Action) {
    if case .updateQuery(let query) = action { queries.submit(query ?? "") } else { screen.send(action) }
  }

  func observe(_ observer: @escaping @Sendable (SearchReactor.State) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }
  var runningTaskCount: Int? { screen.runningTaskCount }

  /// A next page is an append; the first message replaces the list (a reconnected page may show old rows).
  func render(_ state: SearchReactor.State, after previous: SearchReactor.State?) -> String {
    var repos = JSONObjectWriter(), added = 0
    if let previous, state.repos.count >= previous.repos.count,
      zip(state.repos, previous.repos).allSatisfy({ $0.id == $1.id })
    {
      added = state.repos.count - previous.repos.count
      if added > 0 { repos.field("append", state.repos.dropFirst(previous.repos.count).map(row)) }
    } else { repos.field("replace", state.repos.map(row)) }
    var object = JSONObjectWriter()
    object.field("type", "state")
    object.field("repos", repos)
    object.field("summary", messages.summary(of: state))
    object.field("isLoading", state.isLoading)
    object.field("isLoadingNextPage", state.isLoadingNextPage)
    object.field("hasNextPage", state.nextPage != nil)
    if let failure = state.failure { object.field("failure", self.failure(failure)) } else { object.null("failure") }
    let total = max(state.totalCount ?? 0, state.repos.count)
    object.field("announcement", added > 0 ? messages.appended(added, shown: state.repos.count, of: total) : nil)
    return object.text
  }

  private func row(_ repository: Repository) -> JSONObjectWriter {
    var row = JSONObjectWriter()
    row.field("id", repository.id)
    row.field("fullName", repository.fullName)
    row.field("url", repository.htmlURL)
    row.field("description", repository.description)
    row.field("language", repository.language)
    row.field("stars", repository.stargazersCount.map(Int64.init))  // null when unknown, not 0
    row.field("starsText", messages.stars(repository.stargazersCount))
    row.field("updatedAt", repository.updatedAt.map(Timestamp.string(from:)))  // for `<time datetime>`
    row.field("updatedText", repository.updatedAt.map(messages.updated))
    return row
  }

  private func failure(_ failure: SearchFailure) -> JSONObjectWriter {
    var object = JSONObjectWriter()
    object.field("message", messages.failure(failure, now: now()))
    object.field("canRetry", failure.isWorthRetrying)
    // For the page's countdown; none for a reset beyond Int64 milliseconds (a hostile header), not a trap.
    var resetsAt: Int64?
    if case .rateLimited(let date?) = failure { resetsAt = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded()) }
    object.field("resetsAt", resetsAt)
    object.field("countdown", resetsAt == nil ? nil : messages.rateLimitedCountdown)
    return object
  }
}
