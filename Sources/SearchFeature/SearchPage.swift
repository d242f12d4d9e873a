/// One page of search results, as a ``RepositorySearchClient`` answers it.
///
/// Paging is the client's business (GitHub's `Link` header, `per_page`, the 1,000-result cap): the
/// reactor only needs to know which page comes next, if any.
public struct SearchPage: Sendable, Equatable, Codable {
  /// The repositories on this page, in GitHub's order.
  public var repositories: [Repository]
  /// How many repositories match in all (GitHub's `total_count`), not only the reachable ones.
  public var totalCount: Int
  /// GitHub's `incomplete_results`: the search timed out before looking at everything.
  public var incompleteResults: Bool
  /// The number of the page after this one, or `nil` on the last reachable page.
  public var nextPage: Int?
  /// On a last page, the repositories the query's field qualifiers left out for lack of those fields.
  public var unfilterableMatches: UnfilterableMatches?

  public init(
    repositories: [Repository], totalCount: Int, incompleteResults: Bool = false, nextPage: Int?,
    unfilterableMatches: UnfilterableMatches? = nil
  ) {
    self.repositories = repositories
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.nextPage = nextPage
    self.unfilterableMatches = unfilterableMatches
  }
}
