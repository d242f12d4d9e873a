import Clocks
public import SearchFeature

extension ScreenRecording where Screen == SearchSession {
  /// Replays this session on a new Search screen of `engine` (the recorded one when `nil`), on a
  /// `TestClock`, its client answering as the recording says; throws the first ``ReplayMismatch``,
  /// or a ``RecordingError`` when the recording cannot be replayed.
  public func replay(on engine: SearchArchitecture? = nil) async throws {
    let engine = try engineToReplay(engine)
    let replayer = Replayer(self, clock: TestClock())
    let screen = engine.makeScreen(client: Self.scriptedClient(replayer))
    try await replayer.run(send: { screen.send($0.action) }, currentState: { screen.currentState })
  }

  /// A client that answers each request with the recorded answer to it, at the recorded time.
  static func scriptedClient(_ replayer: Replayer<SearchSession>) -> RepositorySearchClient {
    RepositorySearchClient { query, page throws(SearchFailure) in
      guard
        let (at, answer) = replayer.book.take(at: replayer.now, "search(\"\(query)\", page: \(page))", matching: {
          $0.query == query && $0.page == page
        })
      else { throw .unavailable }
      defer { replayer.book.handedOver(at: at) }
      do { try await replayer.sleep(until: at) } catch { throw .unavailable }
      if let failure = answer.failure { throw failure }
      return answer.result ?? SearchPage(repositories: [], totalCount: 0, nextPage: nil)
    }
  }
}
