public import OctoreactCore
public import SearchFeature

/// A Search screen of one engine that records its session: every action sent to it, every answer
/// its `RepositorySearchClient` gives, every state it shows (``SearchRecording``).
public final class RecordingSearchScreen: SearchScreen, SessionRecordingScreen {
  /// The engine's screen, whose client's answers are recorded.
  public let screen: any SearchScreen
  public let recorder: SessionRecorder<SearchSession>
  private let observation: BroadcastObservation

  public convenience init<C: Clock<Duration>>(
    _ engine: SearchArchitecture, client: RepositorySearchClient, language: String = "en", clock: C,
    limit: Int = SessionRecorder<SearchSession>.defaultLimit
  ) {
    self.init(engine, client: client, language: language, clock: clock, limit: limit, makeScreen: engine.makeScreen)
  }

  /// A recording screen whose engine reports its events to an inspector, `report` (``SearchInspection``).
  public convenience init<C: Clock<Duration>>(
    _ engine: SearchArchitecture, client: RepositorySearchClient, language: String = "en", clock: C,
    limit: Int = SessionRecorder<SearchSession>.defaultLimit, inspector report: @escaping InspectorSink
  ) {
    self.init(engine, client: client, language: language, clock: clock, limit: limit) { client in
      SearchInspection.makeScreen(engine, client: client, report: report)
    }
  }

  /// A recording screen whose engine's screen `makeScreen` makes, from the client whose answers are
  /// recorded: for a screen made in a particular way, such as one that reports its events.
  public init<C: Clock<Duration>>(
    _ engine: SearchArchitecture, client: RepositorySearchClient, language: String = "en", clock: C,
    limit: Int = SessionRecorder<SearchSession>.defaultLimit,
    makeScreen: (RepositorySearchClient) -> any SearchScreen
  ) {
    let recorder = SessionRecorder<SearchSession>(engine: engine.rawValue, language: language, clock: clock, limit: limit)
    self.recorder = recorder
    let screen = makeScreen(Self.recording(client, into: recorder))
    self.screen = screen
    observation = recorder.recordStates(of: screen.observe)
  }

  deinit { observation.cancel() }

  /// The session so far.
  public var recording: SearchRecording { recorder.recording }

  public func send(_ action: SearchReactor.Action) {
    recorder.recordInput { _ in SearchInput(action) }
    screen.send(action)
  }

  public var states: any AsyncSequence<SearchReactor.State, Never> & Sendable { screen.states }
  public var currentState: SearchReactor.State { screen.currentState }
  public func observe(_ observer: @escaping @Sendable (SearchReactor.State) -> Void) -> BroadcastObservation {
    screen.observe(observer)
  }
  public var runningTaskCount: Int { screen.runningTaskCount }

  /// `client`, each answer recorded as it comes back.
  static func recording(_ client: RepositorySearchClient, into recorder: SessionRecorder<SearchSession>)
    -> RepositorySearchClient
  {
    // Not `SessionRecorder.recordAnswer(to:_:)`: the client's typed throws would be lost.
    RepositorySearchClient { query, page throws(SearchFailure) in
      let requestedAt = recorder.now
      do throws(SearchFailure) {
        let result = try await client.search(query, page)
        recorder.recordAnswer(SearchAnswer(query: query, page: page, requestedAt: requestedAt, result: result))
        return result
      } catch {
        recorder.recordAnswer(SearchAnswer(query: query, page: page, requestedAt: requestedAt, failure: error))
        throw error
      }
    }
  }
}
