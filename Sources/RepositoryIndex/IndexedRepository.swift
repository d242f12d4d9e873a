/// A repository of the index: the fields of a GitHub repository object that search uses.
///
/// Encoded with GitHub's key names (`full_name`, `html_url`, `stargazers_count`); `owner` is the
/// owner's login.
///
/// Repositories imported from a plain `owner/name` list have no GitHub id: they get negative ids
/// (-1, -2, … in import order), no description, no URL and no figures, until an import of GitHub
/// JSON brings the real object, which takes over the row (see ``RepositoryIndex``). Every optional
/// field is nil when the index does not know it; ``knownStargazersCount`` says whether
/// ``stargazersCount`` is a real figure.
public struct IndexedRepository: Sendable, Hashable, Codable {
  /// The GitHub id, or a negative id for a repository known only by name.
  public var id: Int64
  /// `owner/name`, unique in the index ignoring ASCII letter case.
  public var fullName: String
  public var owner: String
  public var name: String
  public var description: String?
  public var htmlURL: String?
  /// The stars GitHub counted; 0 for a repository known only by name (see ``knownStargazersCount``).
  public var stargazersCount: Int
  public var language: String?
  public var forksCount: Int?
  /// Topics in lower case, in GitHub's order.
  public var topics: [String]?
  /// Whether the repository is a fork.
  public var isFork: Bool?
  public var isArchived: Bool?
  /// The owner's GitHub id.
  public var ownerID: Int64?
  /// `User` or `Organization`.
  public var ownerType: String?
  /// GitHub's ISO 8601 timestamps, such as `2011-01-26T19:01:12Z`.
  public var createdAt: String?
  public var updatedAt: String?
  public var pushedAt: String?

  public init(
    id: Int64,
    fullName: String,
    owner: String,
    name: String,
    description: String? = nil,
    htmlURL: String? = nil,
    stargazersCount: Int = 0,
    language: String? = nil,
    forksCount: Int? = nil,
    topics: [String]? = nil,
    isFork: Bool? = nil,
    isArchived: Bool? = nil,
    ownerID: Int64? = nil,
    ownerType: String? = nil,
    createdAt: String? = nil,
    updatedAt: String? = nil,
    pushedAt: String? = nil
  ) {
    self.id = id
    self.fullName = fullName
    self.owner = owner
    self.name = name
    self.description = description
    self.htmlURL = htmlURL
    self.stargazersCount = stargazersCount
    self.language = language
    self.forksCount = forksCount
    self.topics = topics
    self.isFork = isFork
    self.isArchived = isArchived
    self.ownerID = ownerID
    self.ownerType = ownerType
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.pushedAt = pushedAt
  }

  /// The ids an import takes for GitHub's: from 1 to 2^52 − 1. GitHub's ids are far below (about 10^9), and the
  /// API gives the repositories known only by name ids from 2^52 up, so that the two can never meet; an object
  /// with an id outside is refused, not stored.
  public static let gitHubIDs: ClosedRange<Int64> = 1...((1 << 52) - 1)

  /// The star counts an import takes: from 0 to 2^53 − 1, the largest integer a JSON reader reads exactly. A
  /// count outside, negative for instance, refuses its object: the index has no unknown for a GitHub id's stars,
  /// and storing 0 would claim a figure nobody counted.
  public static let stargazerCounts: ClosedRange<Int> = 0...((1 << 53) - 1)

  /// The repository's page: ``htmlURL``, or `https://github.com/<full_name>` when unknown.
  public var webURL: String { htmlURL ?? "https://github.com/\(fullName)" }

  /// The stars, or nil for a repository known only by name, whose stars nobody counted.
  public var knownStargazersCount: Int? { id > 0 ? stargazersCount : nil }

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case owner
    case name
    case description
    case htmlURL = "html_url"
    case stargazersCount = "stargazers_count"
    case language
    case forksCount = "forks_count"
    case topics
    case isFork = "fork"
    case isArchived = "archived"
    case ownerID = "owner_id"
    case ownerType = "owner_type"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case pushedAt = "pushed_at"
  }
}

/// One page of search results and the number of repositories matching in all.
public struct IndexSearchResult: Sendable, Hashable {
  /// How many repositories match the query, over all pages.
  public var totalCount: Int
  /// The repositories of the requested page, best first.
  public var items: [IndexedRepository]
  /// The repositories known only by name left out for lack of the fields the query filters on, when
  /// the page is short (see ``NameOnlyMatches``).
  public var nameOnlyMatches: NameOnlyMatches?

  public init(totalCount: Int, items: [IndexedRepository], nameOnlyMatches: NameOnlyMatches? = nil) {
    self.totalCount = totalCount
    self.items = items
    self.nameOnlyMatches = nameOnlyMatches
  }

  /// No result.
  public static let empty = IndexSearchResult(totalCount: 0, items: [])
}
