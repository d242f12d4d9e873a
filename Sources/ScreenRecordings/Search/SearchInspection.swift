public import SearchFeature

/// The Search screen's events as its inspector shows them: a search holds nothing secret, so each value is
/// shown as it is.
public enum SearchInspection {
  /// `engine`'s screen, reporting its events to `report`.
  public static func makeScreen(
    _ engine: SearchArchitecture, client: RepositorySearchClient, report: @escaping InspectorSink
  ) -> any SearchScreen {
    switch engine {
    case .reactor:
      ReactorSearchScreen(
        client: client, events: EngineEvents.reactor(SearchReactor.self, startingFrom: SearchReactor.State(), to: report))
    case .feedback:
      FeedbackSearchScreen(client: client, events: EngineEvents.feedback(loops: ["first page", "next page"], to: report))
    }
  }
}
