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
  /// Items of the page that could not be read (a missing or mistyped field), left out of ``items``: one bad item
  /// does not cost the page. Never encoded.
  public var undecodableItems: [UndecodableItem] = []

  /// An item of a page that could not be read as a ``GitHubRepository``.
  public struct UndecodableItem: Sendable, Hashable {
    /// Its position in the page's `items`, from 1.
    public var position: Int
    /// Why, such as `missing key "html_url"` (never the item's values).
    public var reason: String

    public init(position: Int, reason: String) {
      self.position = position
      self.reason = reason
    }
  }

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

  /// Decodes GitHub's JSON shape; a missing `incomplete_results` means false, and an item that cannot be read goes
  /// to ``undecodableItems`` instead of failing the page.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.totalCount = try container.decode(Int.self, forKey: .totalCount)
    self.incompleteResults = try container.decodeIfPresent(Bool.self, forKey: .incompleteResults) ?? false
    self.items = []
    for (offset, item) in try container.decode([ItemDecoding].self, forKey: .items).enumerated() {
      switch item.result {
      case .success(let repository): items.append(repository)
      case .failure(let failure):
        undecodableItems.append(UndecodableItem(position: offset + 1, reason: failure.reason))
      }
    }
  }

  /// One element of `items`, decoded without throwing, so that the array always moves on to the next element.
  private struct ItemDecoding: Decodable {
    var result: Result<GitHubRepository, Failure>

    /// Why an item could not be read, its path counted from the item.
    struct Failure: Error {
      var reason: String
    }

    init(from decoder: any Decoder) {
      do {
        result = .success(try GitHubRepository(from: decoder))
      } catch let error as DecodingError {
        result = .failure(Failure(reason: error.reason(droppingPathPrefix: decoder.codingPath.count)))
      } catch {
        result = .failure(Failure(reason: "undecodable"))
      }
    }
  }

  /// Encodes the response in GitHub's JSON shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(totalCount, forKey: .totalCount)
    try container.encode(incompleteResults, forKey: .incompleteResults)
    try container.encode(items, forKey: .items)
  }
}
