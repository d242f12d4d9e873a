/// The body of `GET /search/repositories`: one page of matches and the total count.
///
/// It decodes from GitHub's JSON (`total_count`, `incomplete_results`, `items`) and encodes back to it, so
/// Octoreact's own API can answer as GitHub does.
public struct RepositorySearchResponse: Sendable, Hashable, Codable {
  /// How many repositories match in all, beyond the 1,000 that search can return.
  public var totalCount: Int
  /// Whether GitHub's search timed out before finding every match, so the counts and items may be short.
  public var incompleteResults: Bool
  /// The matches on this page, best first.
  public var items: [GitHubRepository]

  /// Creates a response from its fields.
  public init(totalCount: Int, incompleteResults: Bool = false, items: [GitHubRepository]) {
    self.totalCount = totalCount
    self.incompleteResults = incompleteResults
    self.items = items
  }

  private enum CodingKeys: String, CodingKey {
    case items
    case totalCount = "total_count"
    case incompleteResults = "incomplete_results"
  }

  /// Decodes GitHub's JSON shape; a missing `incomplete_results` means false.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.totalCount = try container.decode(Int.self, forKey: .totalCount)
    self.incompleteResults = try container.decodeIfPresent(Bool.self, forKey: .incompleteResults) ?? false
    self.items = try container.decode([GitHubRepository].self, forKey: .items)
  }

  /// Encodes the response in GitHub's JSON shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(totalCount, forKey: .totalCount)
    try container.encode(incompleteResults, forKey: .incompleteResults)
    try container.encode(items, forKey: .items)
  }
}
