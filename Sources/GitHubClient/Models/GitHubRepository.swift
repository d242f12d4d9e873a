public import Foundation

/// A repository as GitHub's search and repositories APIs return it: the fields Octoreact reads or serves.
///
/// It decodes from GitHub's JSON (snake_case keys, dates as ISO 8601), ignoring the many other fields GitHub
/// sends, and encodes back to the same shape, so Octoreact's own API can serve it as GitHub does. A figure the
/// server did not know is nil: ``stargazersCount`` is then written as `null` (never a made-up 0), the other
/// optional extras are left out.
public struct GitHubRepository: Sendable, Hashable, Codable, Identifiable {
  /// GitHub's numeric identifier of the repository.
  public var id: Int64
  /// The repository's name without its owner, such as `swift`.
  public var name: String
  /// `owner/name`, such as `apple/swift`.
  public var fullName: String
  /// The account that owns the repository.
  public var owner: GitHubRepositoryOwner
  /// The repository's web page, such as `https://github.com/apple/swift`.
  public var htmlURL: String
  /// The one-line description, if the owner wrote one.
  public var description: String?
  /// GitHub's global node id, such as `R_kgDOB…`.
  public var nodeID: String?
  /// The repository's API URL, such as `https://api.github.com/repos/apple/swift`.
  public var url: String?
  /// How many accounts starred the repository; nil when the server does not know (`null` in JSON).
  public var stargazersCount: Int?
  /// How many forks it has, if the server said so.
  public var forksCount: Int?
  /// The main language GitHub detected, if any.
  public var language: String?
  /// When the repository last changed, if the server said so.
  public var updatedAt: Date?
  /// Topics, if the server said so.
  public var topics: [String]?
  /// Whether the repository is a fork, if the server said so.
  public var fork: Bool?
  /// Whether the repository is archived, if the server said so.
  public var archived: Bool?
  public var createdAt: Date?
  public var pushedAt: Date?
  /// How well the repository matches the search (search results only).
  public var score: Double?

  /// Creates a repository from its fields; `htmlURL` defaults to `https://github.com/{fullName}`.
  public init(
    id: Int64,
    name: String,
    fullName: String,
    owner: GitHubRepositoryOwner,
    htmlURL: String? = nil,
    description: String? = nil,
    stargazersCount: Int? = 0,
    forksCount: Int? = nil,
    language: String? = nil,
    updatedAt: Date? = nil,
    nodeID: String? = nil,
    url: String? = nil,
    topics: [String]? = nil,
    fork: Bool? = nil,
    archived: Bool? = nil,
    createdAt: Date? = nil,
    pushedAt: Date? = nil,
    score: Double? = nil
  ) {
    self.id = id
    self.name = name
    self.fullName = fullName
    self.owner = owner
    self.htmlURL = htmlURL ?? "https://github.com/\(fullName)"
    self.description = description
    self.stargazersCount = stargazersCount
    self.forksCount = forksCount
    self.language = language
    self.updatedAt = updatedAt
    self.nodeID = nodeID
    self.url = url
    self.topics = topics
    self.fork = fork
    self.archived = archived
    self.createdAt = createdAt
    self.pushedAt = pushedAt
    self.score = score
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, owner, description, language, url, topics, fork, archived, score
    case nodeID = "node_id"
    case createdAt = "created_at"
    case pushedAt = "pushed_at"
    case fullName = "full_name"
    case htmlURL = "html_url"
    case stargazersCount = "stargazers_count"
    case forksCount = "forks_count"
    case updatedAt = "updated_at"
  }

  /// Decodes a repository from GitHub's JSON shape; everything but `id`, `name`, `full_name`, `owner` and `html_url`
  /// may be missing or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.id = try container.decode(Int64.self, forKey: .id)
    self.name = try container.decode(String.self, forKey: .name)
    self.fullName = try container.decode(String.self, forKey: .fullName)
    self.owner = try container.decode(GitHubRepositoryOwner.self, forKey: .owner)
    self.htmlURL = try container.decode(String.self, forKey: .htmlURL)
    self.description = try container.decodeIfPresent(String.self, forKey: .description)
    self.stargazersCount = try container.decodeIfPresent(Int.self, forKey: .stargazersCount)
    self.forksCount = try container.decodeIfPresent(Int.self, forKey: .forksCount)
    self.language = try container.decodeIfPresent(String.self, forKey: .language)
    self.updatedAt = try Self.date(in: container, forKey: .updatedAt)
    self.nodeID = try container.decodeIfPresent(String.self, forKey: .nodeID)
    self.url = try container.decodeIfPresent(String.self, forKey: .url)
    self.topics = try container.decodeIfPresent([String].self, forKey: .topics)
    self.fork = try container.decodeIfPresent(Bool.self, forKey: .fork)
    self.archived = try container.decodeIfPresent(Bool.self, forKey: .archived)
    self.createdAt = try Self.date(in: container, forKey: .createdAt)
    self.pushedAt = try Self.date(in: container, forKey: .pushedAt)
    self.score = try container.decodeIfPresent(Double.self, forKey: .score)
  }

  private static func date(in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys) throws -> Date? {
    guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let date = ISO8601.date(from: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key,
        in: container,
        debugDescription: "Expected an ISO 8601 date such as 2011-01-25T18:44:36Z."
      )
    }
    return date
  }

  /// Encodes the repository in GitHub's JSON shape; absent optionals are written as `null`, as GitHub does.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(fullName, forKey: .fullName)
    try container.encode(owner, forKey: .owner)
    try container.encode(htmlURL, forKey: .htmlURL)
    try container.encode(description, forKey: .description)
    try container.encode(stargazersCount, forKey: .stargazersCount)
    try container.encodeIfPresent(forksCount, forKey: .forksCount)
    try container.encode(language, forKey: .language)
    try container.encodeIfPresent(updatedAt.map(ISO8601.string(from:)), forKey: .updatedAt)
    try container.encodeIfPresent(nodeID, forKey: .nodeID)
    try container.encodeIfPresent(url, forKey: .url)
    try container.encodeIfPresent(topics, forKey: .topics)
    try container.encodeIfPresent(fork, forKey: .fork)
    try container.encodeIfPresent(archived, forKey: .archived)
    try container.encodeIfPresent(createdAt.map(ISO8601.string(from:)), forKey: .createdAt)
    try container.encodeIfPresent(pushedAt.map(ISO8601.string(from:)), forKey: .pushedAt)
    try container.encodeIfPresent(score, forKey: .score)
  }
}

/// The account that owns a ``GitHubRepository``, as the `owner` object of GitHub's JSON.
public struct GitHubRepositoryOwner: Sendable, Hashable, Codable {
  /// The owner's login, such as `apple`.
  public var login: String
  /// GitHub's numeric identifier of the account, if the server said so.
  public var id: Int64?
  /// The account's picture, if the server said so.
  public var avatarURL: String?
  /// `User` or `Organization`, if the server said so.
  public var type: String?

  /// Creates an owner from its fields.
  public init(login: String, id: Int64? = nil, avatarURL: String? = nil, type: String? = nil) {
    self.login = login
    self.id = id
    self.avatarURL = avatarURL
    self.type = type
  }

  private enum CodingKeys: String, CodingKey {
    case login, id, type
    case avatarURL = "avatar_url"
  }
}
