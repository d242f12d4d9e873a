import ReactorCore
import SearchFeature
import MVVMKit

/// One live Search page: its reactor and the binding rule between the page's events and it.
///
/// The query is throttled before it becomes an action (the examples' 300 ms `throttle` on the
/// search bar's text), so fast typing costs a search per interval and always ends on the latest text;
/// asking for more results and retrying go straight to the reactor.
final class LiveSearchSession: Sendable {
  let store: ReactorStore<SearchReactor>
  private let queries: Throttle<String>

  init(reactor: SearchReactor, queryThrottle: Duration, clock: any Clock<Duration>) {
    let store = ReactorStore(reactor)
    self.store = store
    queries = Throttle(for: queryThrottle, clock: clock) { [weak store] query in
      store?.send(.updateQuery(query))
    }
  }

  /// Passes one page event to the reactor.
  func handle(_ action: SearchReactor.Action) {
    switch action {
    case .updateQuery(let query): queries.submit(query ?? "")
    case .loadNextPage, .retry: store.send(action)
    }
  }
}
