public import SearchFeature

/// The Search screen's recordings (``SearchRecording``).
public enum SearchSession: RecordableScreen {
  public typealias Input = SearchInput
  public typealias Answer = SearchAnswer
  public typealias State = SearchReactor.State
  public static var kind: ScreenKind { .search }
}

/// A recorded session of the Search screen.
public typealias SearchRecording = ScreenRecording<SearchSession>

/// One user action of the Search screen, as recorded: `{"event": "updateQuery", "text": "swift"}`.
public struct SearchInput: Sendable, Equatable, Codable {
  public enum Event: String, Sendable, Codable { case updateQuery, loadNextPage, retry }

  public var event: Event
  /// The query, for ``Event/updateQuery`` (absent for a cleared field).
  public var text: String?

  public init(event: Event, text: String? = nil) {
    self.event = event
    self.text = text
  }

  public init(_ action: SearchReactor.Action) {
    switch action {
    case .updateQuery(let text): self.init(event: .updateQuery, text: text)
    case .loadNextPage: self.init(event: .loadNextPage)
    case .retry: self.init(event: .retry)
    }
  }

  /// The action to replay.
  public var action: SearchReactor.Action {
    switch event {
    case .updateQuery: .updateQuery(text)
    case .loadNextPage: .loadNextPage
    case .retry: .retry
    }
  }
}

/// One answer the Search screen got from its `RepositorySearchClient`: the request, when it was
/// made, and the page or the failure.
public struct SearchAnswer: Sendable, Equatable, Codable {
  public var query: String
  public var page: Int
  /// When the request was made, in milliseconds since the session began.
  public var requestedAt: Int
  public var result: SearchPage?
  public var failure: SearchFailure?

  public init(query: String, page: Int, requestedAt: Int, result: SearchPage? = nil, failure: SearchFailure? = nil) {
    self.query = query
    self.page = page
    self.requestedAt = requestedAt
    self.result = result
    self.failure = failure
  }
}
