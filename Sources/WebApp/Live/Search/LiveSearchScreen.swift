import OctoreactMVVM
import SearchFeature

/// The Search screen on a live page (`/live/search`), in the architecture the page asks for
/// (`?engine=reactor` or `feedback`).
///
/// The page's messages are `query` (with the search box's text), `loadNextPage` and `retry`. The query
/// is throttled before it becomes an action (the examples' `throttle` on the search bar's text, at
/// ``AppConfiguration/queryThrottle``), so fast typing costs a search per interval and always ends on
/// the latest text; asking for more results and retrying go straight to the screen. States go out as ``LiveSearchState`` renders them.
final class LiveSearchScreen: LiveScreen {
  static let name = "search"
  static let engines = SearchArchitecture.allCases.map(\.rawValue)

  let screen: any SearchScreen
  let engine: String
  private let page: LiveSearchState
  private let queries: Throttle<String>

  convenience init(_ context: LiveScreenContext) async {
    // The route read the page's engine among `engines`.
    let architecture = SearchArchitecture(rawValue: context.page.engine) ?? .reactor
    self.init(
      screen: architecture.makeScreen(client: context.searchClient(context.client)), engine: architecture.rawValue,
      messages: SearchMessages(context.page.language, service: context.configuration.searchService),
      queryThrottle: context.configuration.queryThrottle, clock: context.clock)
  }

  init(
    screen: any SearchScreen, engine: String, messages: SearchMessages, queryThrottle: Duration,
    clock: any Clock<Duration>
  ) {
    self.screen = screen
    self.engine = engine
    page = LiveSearchState(messages: messages)
    queries = Throttle(for: queryThrottle, clock: clock) { [weak screen] query in
      screen?.send(.updateQuery(query))
    }
  }

  static func action(from message: LiveInput) throws(LiveInputError) -> SearchReactor.Action {
    switch message.type {
    case "query": .updateQuery(try message.text())
    case "loadNextPage": .loadNextPage
    case "retry": .retry
    default: throw .unknownType(allowed: ["query", "loadNextPage", "retry"])
    }
  }

  /// Passes one page event to the screen, with the binding rule above.
  func handle(_ action: SearchReactor.Action) {
    switch action {
    case .updateQuery(let query): queries.submit(query ?? "")
    case .loadNextPage, .retry: screen.send(action)
    }
  }

  var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { screen.latestStates }

  func render(_ state: SearchReactor.State, after previous: SearchReactor.State?) -> String {
    page.render(state, after: previous)
  }

  var runningTaskCount: Int? { screen.runningTaskCount }
}
