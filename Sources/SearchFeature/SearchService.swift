/// Who answers a Search screen's requests, as its messages name it.
public enum SearchService: Sendable, Hashable {
  /// GitHub's own API.
  case github
  /// The server the page is on, searching its own index (Octoreact's offline default).
  case thisServer
}
