import OctoreactCore
import OctoreactMVVM
import SearchFeature

/// The Search screen on a live page (`/live/search`): a `SearchReactor` per page.
///
/// The page's messages are `query` (with the search box's text), `loadNextPage` and `retry`. The query
/// is throttled before it becomes an action (the examples' 300 ms `throttle` on the search bar's text),
/// so fast typing costs a search per interval and always ends on the latest text; asking for more
/// results and retrying go straight to the reactor. States go out as ``LiveSearchState`` renders them.
final class LiveSearchScreen: LiveScreen {
  static let name = "search"
  /// The Search screen has one engine, the reactor.
  static let engines = ["reactor"]

  let store: ReactorStore<SearchReactor>
  let engine = "reactor"
  private let page: LiveSearchState
  private let queries: Throttle<String>

  convenience init(_ context: LiveScreenContext) async {
    self.init(
      reactor: SearchReactor(client: context.searchClient(context.client)),
      messages: SearchMessages(context.page.language, service: context.configuration.searchService),
      queryThrottle: context.configuration.queryThrottle, clock: context.clock)
  }

  init(reactor: SearchReactor, messages: SearchMessages, queryThrottle: Duration, clock: any Clock<Duration>) {
    let store = ReactorStore(reactor)
    self.store = store
    page = LiveSearchState(messages: messages)
    queries = Throttle(for: queryThrottle, clock: clock) { [weak store] query in
      store?.send(.updateQuery(query))
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

  /// Passes one page event to the reactor, with the binding rule above.
  func handle(_ action: SearchReactor.Action) {
    switch action {
    case .updateQuery(let query): queries.submit(query ?? "")
    case .loadNextPage, .retry: store.send(action)
    }
  }

  var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { store.latestStates }

  func render(_ state: SearchReactor.State, after previous: SearchReactor.State?) -> String {
    page.render(state, after: previous)
  }

  var runningTaskCount: Int? { store.runningTaskCount }
}
