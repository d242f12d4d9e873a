/// A repository of the index: the fields of a GitHub repository object that search shows.
///
/// Encoded with GitHub's key names (`full_name`, `html_url`, `stargazers_count`); `owner` is the
/// owner's login.
///
/// Repositories imported from a plain `owner/name` list have no GitHub id: they get negative ids
/// (-1, -2, … in import order), no description, no URL and no stars, until an import of GitHub
/// JSON brings the real object, which takes over the row (see ``RepositoryIndex``).
public struct IndexedRepository: Sendable, Hashable, Codable {
  /// The GitHub id, or a negative id for a repository known only by name.
  public var id: Int64
  /// `owner/name`, unique in the index ignoring ASCII letter case.
  public var fullName: String
  public var owner: String
  public var name: String
  public var description: String?
  public var htmlURL: String?
  public var stargazersCount: Int
  public var language: String?

  public init(
    id: Int64,
    fullName: String,
    owner: String,
    name: String,
    description: String? = nil,
    htmlURL: String? = nil,
    stargazersCount: Int = 0,
    language: String? = nil
  ) {
    self.id = id
    self.fullName = fullName
    self.owner = owner
    self.name = name
    self.description = description
    self.htmlURL = htmlURL
    self.stargazersCount = stargazersCount
    self.language = language
  }

  /// The repository's page: ``htmlURL``, or `https://github.com/<full_name>` when unknown.
  public var webURL: String { htmlURL ?? "https://github.com/\(fullName)" }

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case owner
    case name
    case description
    case htmlURL = "html_url"
    case stargazersCount = "stargazers_count"
    case language
  }
}

/// One page of search results and the number of repositories matching in all.
public struct IndexSearchResult: Sendable, Hashable {
  /// How many repositories match the query, over all pages.
  public var totalCount: Int
  /// The repositories of the requested page, best first.
  public var items: [IndexedRepository]

  public init(totalCount: Int, items: [IndexedRepository]) {
    self.totalCount = totalCount
    self.items = items
  }

  /// No result.
  public static let empty = IndexSearchResult(totalCount: 0, items: [])
}
