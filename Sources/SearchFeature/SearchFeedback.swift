public import OctoreactFeedback
import OctoreactCore

/// The Search screen as a feedback system (RxExample's `GitHubSearchRepositories`, RxFeedback's own
/// showcase).
///
/// The pages to load are requests in the state: ``State/search``, the first page of the query, and
/// ``State/nextPage``, the page that scrolling asked for. A feedback loop per request runs its
/// request while it is in the state. A new query replaces the search request and removes the next-page
/// request, so both requests in flight are cancelled (the example's `take(until: updateQuery)`), and
/// an older answer that arrives afterwards is dropped by the runtime, however slow it was.
///
/// The screen's part of the state, ``State/screen``, changes exactly as ``SearchReactor``'s state
/// does: `reduce` feeds the reactor's own `reduce` the mutations its `mutate` would make, so both
/// engines show the same state, errors and rate limits included.
///
/// For example:
///
/// ```swift
/// let system = SearchFeedback(client: client).makeSystem()
/// system.send(.user(.updateQuery("swift")))   // search: page 1 of "swift"
/// system.send(.user(.updateQuery("rust")))    // the "swift" request is cancelled; page 1 of "rust"
/// ```
public struct SearchFeedback: Sendable {
  public struct State: Sendable, Equatable {
    /// What the screen shows: the reactor's state.
    public var screen = SearchReactor.State()
    /// The first page of the current query while it loads (or is retried).
    public var search: PageRequest?
    /// A later page while it loads (or is retried).
    public var nextPage: PageRequest?
    /// How many requests were made: each gets the next number, so a new query for the same text is a
    /// new request, as the reactor makes one.
    var requestCount = 0

    public init() {}
  }

  /// A page of a search to load. `number` tells apart two requests for the same page.
  public struct PageRequest: Sendable, Hashable {
    public let terms: String
    public let page: Int
    public let number: Int
  }

  public enum Event: Sendable, Equatable {
    /// What the user did: the reactor's actions.
    case user(SearchReactor.Action)
    /// A page arrived.
    case loaded(SearchPage, page: Int)
    /// A page's request failed.
    case failed(SearchFailure, page: Int)
  }

  public let client: RepositorySearchClient
  private let reactor: SearchReactor

  public init(client: RepositorySearchClient) {
    self.client = client
    reactor = SearchReactor(client: client)
  }

  public var initialState: State { State() }

  /// A running system of this screen; with `events`, one that reports its steps (`FeedbackEvent`).
  public func makeSystem(
    events: (@Sendable (FeedbackEvent<State, Event>) -> Void)? = nil
  ) -> FeedbackSystem<State, Event> {
    guard let events else { return FeedbackSystem(initialState: initialState, reduce: reduce, feedback: feedback) }
    return FeedbackSystem(initialState: initialState, reduce: reduce, feedback: feedback, events: events)
  }

  /// The first page and the next page, each loaded while its request is in the state.
  public var feedback: [Feedback<State, Event>] {
    let client = self.client
    let load: @Sendable (PageRequest, Send<Event>) async -> Void = { request, send in
      do throws(SearchFailure) {
        send(.loaded(try await client.search(request.terms, request.page), page: request.page))
      } catch {
        send(.failed(error, page: request.page))
      }
    }
    return [.react(request: { $0.search }, effects: load), .react(request: { $0.nextPage }, effects: load)]
  }

  /// The state after one event. Pure: requests are only written here, the loops carry them out.
  public func reduce(_ state: State, _ event: Event) -> State {
    var state = state
    func apply(_ mutation: SearchReactor.Mutation) {
      state.screen = reactor.reduce(state: state.screen, mutation: mutation)
    }
    func request(_ terms: String, page: Int) -> PageRequest {
      state.requestCount += 1
      return PageRequest(terms: terms, page: page, number: state.requestCount)
    }
    switch event {
    case .user(.updateQuery(let query)):
      // Any query, blank or not, ends both requests in flight.
      state.nextPage = nil
      guard let query, let terms = SearchReactor.searchTerms(query) else {
        state.search = nil
        apply(.clearQuery(query))
        return state
      }
      apply(.startSearch(query))
      state.search = request(terms, page: 1)

    case .user(.loadNextPage):
      guard state.screen.canLoadNextPage, let page = state.screen.nextPage, let terms = state.screen.searchTerms
      else { return state }
      apply(.startLoading(page: page))
      state.nextPage = request(terms, page: page)

    case .user(.retry):
      guard state.screen.failure != nil, let page = state.screen.failedPage, let terms = state.screen.searchTerms
      else { return state }
      apply(.startLoading(page: page))
      if page == 1 { state.search = request(terms, page: page) } else { state.nextPage = request(terms, page: page) }

    case .loaded(let result, let page):
      apply(.setPage(result, page: page))
      if page == 1 { state.search = nil } else { state.nextPage = nil }

    case .failed(let failure, let page):
      apply(.setFailure(failure, page: page))
      if page == 1 { state.search = nil } else { state.nextPage = nil }
    }
    return state
  }
}
