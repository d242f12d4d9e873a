public import OctoreactFeedback
public import OctoreactCore

/// The Search screen as a front end drives it: user actions in, ``SearchReactor/State`` out.
///
/// Each ``SearchArchitecture`` provides one, so a web page, a terminal or a test can run either.
public protocol SearchScreen: AnyObject, Sendable {
  /// Delivers one user action.
  func send(_ action: SearchReactor.Action)
  /// The current state, then every change.
  var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { get }
  /// The latest state.
  var currentState: SearchReactor.State { get }
  /// Calls `observer` with the current state, then with every change, synchronously where the screen
  /// makes the change, until the observation is cancelled or released: for an observer that must see
  /// each state when it is made (a recorder stamping its time), and keeps pace.
  func observe(_ observer: @escaping @Sendable (SearchReactor.State) -> Void) -> BroadcastObservation
  /// The screen's effect tasks running now (searches in flight), for a server's gauges.
  var runningTaskCount: Int { get }
}

/// The two architectures of the Search examples.
public enum SearchArchitecture: String, CaseIterable, Sendable {
  /// `SearchReactor` in a `ReactorStore` (ReactorKit's `GitHubSearchViewReactor`).
  case reactor
  /// `SearchFeedback` in a `FeedbackSystem` (RxExample's `GitHubSearchRepositories`).
  case feedback

  /// A new screen of this architecture.
  public func makeScreen(client: RepositorySearchClient) -> any SearchScreen {
    switch self {
    case .reactor: ReactorSearchScreen(client: client)
    case .feedback: FeedbackSearchScreen(client: client)
    }
  }
}

/// `SearchReactor` behind a `ReactorStore`.
public final class ReactorSearchScreen: SearchScreen {
  public let store: ReactorStore<SearchReactor>

  /// A screen whose store reports its steps to `events` (`ReactorEvent`), when given.
  public init(client: RepositorySearchClient, events: (@Sendable (ReactorEvent<SearchReactor>) -> Void)? = nil) {
    let reactor = SearchReactor(client: client)
    store = events.map { ReactorStore(reactor, events: $0) } ?? ReactorStore(reactor)
  }

  public func send(_ action: SearchReactor.Action) { store.send(action) }
  public var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { store.states }
  public var currentState: SearchReactor.State { store.currentState }
  public func observe(_ observer: @escaping @Sendable (SearchReactor.State) -> Void) -> BroadcastObservation {
    store.observe(observer)
  }
  public var runningTaskCount: Int { store.runningTaskCount }
}

/// ``SearchFeedback`` in a `FeedbackSystem`.
public final class FeedbackSearchScreen: SearchScreen {
  public let system: FeedbackSystem<SearchFeedback.State, SearchFeedback.Event>

  /// A screen whose system reports its steps to `events` (`FeedbackEvent`), when given.
  public init(
    client: RepositorySearchClient,
    events: (@Sendable (FeedbackEvent<SearchFeedback.State, SearchFeedback.Event>) -> Void)? = nil
  ) {
    system = SearchFeedback(client: client).makeSystem(events: events)
  }

  public func send(_ action: SearchReactor.Action) { system.send(.user(action)) }
  public var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { system.states.map(\.screen) }
  public var currentState: SearchReactor.State { system.currentState.screen }
  public func observe(_ observer: @escaping @Sendable (SearchReactor.State) -> Void) -> BroadcastObservation {
    system.observe { observer($0.screen) }
  }
  public var runningTaskCount: Int { system.runningEffectCount }
}
