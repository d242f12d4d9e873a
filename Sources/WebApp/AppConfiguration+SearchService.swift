import SearchFeature

extension AppConfiguration {
  /// Who answers the Search screen, as its messages name it: this server for its own index, else GitHub.
  var searchService: SearchService {
    search == .local ? .thisServer : .github
  }
}
