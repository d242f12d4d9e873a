public import SearchFeature
public import Testing

extension RepositorySearchClient {
  /// A client that fails the running test on any search: the test value for tests that expect none.
  ///
  /// Each search records an issue with Swift Testing, located at the line that made the double,
  /// then throws ``SearchFailure/unavailable`` (the client may throw nothing else), so the screen
  /// ends its path as it would after a broken connection; the test fails either way.
  ///
  /// For example, a test that an empty query asks for nothing:
  ///
  /// ```swift
  /// let store = ReactorStore(SearchReactor(client: .unimplemented()))
  /// store.send(.updateQuery(""))
  /// ```
  public static func unimplemented(sourceLocation: SourceLocation = #_sourceLocation) -> RepositorySearchClient {
    RepositorySearchClient { query, page throws(SearchFailure) in
      Issue.record(
        "Unexpected request: RepositorySearchClient.search(\"\(query)\", page: \(page))",
        sourceLocation: sourceLocation
      )
      throw .unavailable
    }
  }
}
