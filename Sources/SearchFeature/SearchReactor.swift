public import OctoreactCore

/// The Search screen as a reactor (ReactorKit's `GitHubSearchViewReactor` of the GitHubSearch example).
///
/// A query is shown at once and its first page is requested; scrolling near the end of the list asks
/// for the next page, whose repositories are appended. Beyond the example, a failed request is kept in
/// ``State/failure`` (the example shows an empty list) and ``Action/retry`` repeats exactly that
/// request.
///
/// The query is **not** throttled here: the view binding throttles the text (OctoreactMVVM's `Throttle`,
/// at the example's interval) before it becomes an ``Action/updateQuery(_:)``, as the example does in its view
/// controller, so the reactor stays free of time.
///
/// **Cancellation.** Every request runs under one cancellation identifier. A new query, blank or not,
/// cancels the request in flight, first page or next page (the example's
/// `take(until: action.filter(isUpdateQueryAction))`). The runtime never delivers a cancelled task's
/// mutation, so an older answer that arrives after a newer query is dropped, however slow it was.
///
/// For example:
///
/// ```swift
/// let store = ReactorStore(SearchReactor(client: client))
/// store.send(.updateQuery("swift"))   // query "swift", isLoading, page 1 requested
/// store.send(.loadNextPage)           // ignored: the first page is still loading
/// // … page 1 arrives: repos, nextPage 2, totalCount
/// store.send(.loadNextPage)           // isLoadingNextPage, page 2 requested and appended
/// ```
public struct SearchReactor: Reactor {
  public enum Action: Sendable, Equatable {
    /// The search field's text, already throttled; `nil` or blank clears the results.
    case updateQuery(String?)
    /// The list was scrolled near its end (within 100 pt in the example).
    case loadNextPage
    /// The user asked to repeat the request that failed.
    case retry
  }

  /// Each mutation moves the state in one step, so no state pairs a new query with a stale flag.
  public enum Mutation: Sendable, Equatable {
    /// The query became blank: no results, nothing loading, nothing failed.
    case clearQuery(String?)
    /// A non-blank query: shown at once, its first page loading; the previous results stay on screen
    /// until the new ones arrive, as in the example, but nothing describes them any more (no count).
    case startSearch(String)
    /// The request for `page` of the current query (a next page or a retry) is in flight.
    case startLoading(page: Int)
    /// Page `page` arrived: page 1 replaces the results, later pages are appended.
    case setPage(SearchPage, page: Int)
    /// The request for `page` failed.
    case setFailure(SearchFailure, page: Int)
  }

  public struct State: Sendable, Equatable, Codable {
    /// The text the user typed, as sent in the last ``Action/updateQuery(_:)``.
    public var query: String?
    /// The repositories shown, without two of the same ``Repository/id``.
    public var repos: [Repository] = []
    /// The page that scrolling to the end loads, or `nil` when there is none.
    public var nextPage: Int?
    /// True while a next page is loading.
    public var isLoadingNextPage = false
    /// True while the first page of the query is loading.
    public var isLoading = false
    /// How many repositories match in all, once the first page has arrived.
    public var totalCount: Int?
    /// True when GitHub said a page it returned may be incomplete (the search timed out).
    public var incompleteResults = false
    /// Repositories known only by name that the query's field qualifiers left out, as the last page said.
    public var unfilterableMatches: UnfilterableMatches?
    /// Why the last request failed, shown with a retry button until a new query or a retry.
    public var failure: SearchFailure?
    /// The page whose request failed: what ``Action/retry`` requests again.
    public var failedPage: Int?

    public init() {}

    /// The text searched for: ``query`` without surrounding whitespace, or `nil` when it is blank.
    public var searchTerms: String? { query.flatMap(SearchReactor.searchTerms(_:)) }

    /// True when ``Action/loadNextPage`` would load something: there is a next page, nothing is
    /// loading and nothing has failed.
    public var canLoadNextPage: Bool {
      nextPage != nil && !isLoading && !isLoadingNextPage && failure == nil
    }
  }

  private enum CancelID { case search }

  public let client: RepositorySearchClient
  public var initialState: State { State() }

  public init(client: RepositorySearchClient) {
    self.client = client
  }

  public func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      guard let query, let terms = Self.searchTerms(query) else {
        return .concat(.cancel(id: CancelID.search), .just(.clearQuery(query)))
      }
      return .concat(.just(.startSearch(query)), request(terms, page: 1))
        .cancellable(id: CancelID.search, cancelInFlight: true)

    case .loadNextPage:
      guard state.canLoadNextPage, let page = state.nextPage, let terms = state.searchTerms else {
        return .none
      }
      return .concat(.just(.startLoading(page: page)), request(terms, page: page))
        .cancellable(id: CancelID.search)

    case .retry:
      guard state.failure != nil, let page = state.failedPage, let terms = state.searchTerms else {
        return .none
      }
      return .concat(.just(.startLoading(page: page)), request(terms, page: page))
        .cancellable(id: CancelID.search, cancelInFlight: true)
    }
  }

  /// One request; its answer, page or failure, becomes a mutation.
  private func request(_ terms: String, page: Int) -> Effect<Mutation> {
    .run { [client] send in
      do throws(SearchFailure) {
        send(.setPage(try await client.search(terms, page), page: page))
      } catch {
        send(.setFailure(error, page: page))
      }
    }
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .clearQuery(let query):
      state = State()
      state.query = query

    case .startSearch(let query):
      state.query = query
      state.totalCount = nil
      state.incompleteResults = false
      state.unfilterableMatches = nil
      state.isLoading = true
      state.isLoadingNextPage = false
      state.failure = nil
      state.failedPage = nil

    case .startLoading(let page):
      if page == 1 { state.isLoading = true } else { state.isLoadingNextPage = true }
      state.failure = nil
      state.failedPage = nil

    case .setPage(let result, let page):
      if page == 1 {
        state.repos = Self.appending(result.repositories, to: [])
        state.incompleteResults = result.incompleteResults
        state.unfilterableMatches = result.unfilterableMatches
        state.isLoading = false
      } else {
        state.repos = Self.appending(result.repositories, to: state.repos)
        state.incompleteResults = state.incompleteResults || result.incompleteResults
        state.unfilterableMatches = result.unfilterableMatches ?? state.unfilterableMatches
        state.isLoadingNextPage = false
      }
      state.nextPage = result.nextPage
      state.totalCount = result.totalCount

    case .setFailure(let failure, let page):
      if page == 1 {
        // The failure belongs to this query: the older query's results do not stay under it.
        state.isLoading = false
        state.repos = []
        state.nextPage = nil
        state.unfilterableMatches = nil
      } else {
        state.isLoadingNextPage = false
      }
      state.failure = failure
      state.failedPage = page
    }
    return state
  }

  /// `repos` followed by those of `page` it does not have yet: results shift between requests on a
  /// live index, so a repository can come back on the next page.
  private static func appending(_ page: [Repository], to repos: [Repository]) -> [Repository] {
    var seen = Set(repos.map(\.id))
    return repos + page.filter { seen.insert($0.id).inserted }
  }

  /// The text to search for: the query without surrounding whitespace, or `nil` when nothing is left.
  static func searchTerms(_ query: String) -> String? {
    let start = query.drop(while: \.isWhitespace)
    guard let last = start.lastIndex(where: { !$0.isWhitespace }) else { return nil }
    return String(start[...last])
  }
}
