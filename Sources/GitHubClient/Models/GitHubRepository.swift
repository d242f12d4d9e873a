public import Foundation

/// A repository as GitHub's search and repositories APIs return it: only the fields Octoreact reads.
///
/// It decodes from GitHub's JSON (snake_case keys, `updated_at` as ISO 8601), ignoring the many other fields GitHub
/// sends, and encodes back to the same shape, so Octoreact's own API can serve it as GitHub does.
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
  /// How many accounts starred the repository.
  public var stargazersCount: Int
  /// How many forks it has, if the server said so.
  public var forksCount: Int?
  /// The main language GitHub detected, if any.
  public var language: String?
  /// When the repository last changed, if the server said so.
  public var updatedAt: Date?

  /// Creates a repository from its fields; `htmlURL` defaults to `https://github.com/{fullName}`.
  public init(
    id: Int64,
    name: String,
    fullName: String,
    owner: GitHubRepositoryOwner,
    htmlURL: String? = nil,
    description: String? = nil,
    stargazersCount: Int = 0,
    forksCount: Int? = nil,
    language: String? = nil,
    updatedAt: Date? = nil
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
  }

  private enum CodingKeys: String, CodingKey {
    case id, name, owner, description, language
    case fullName = "full_name"
    case htmlURL = "html_url"
    case stargazersCount = "stargazers_count"
    case forksCount = "forks_count"
    case updatedAt = "updated_at"
  }

  /// Decodes a repository from GitHub's JSON shape; `description`, `language`, `forks_count` and `updated_at` may be
  /// missing or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.id = try container.decode(Int64.self, forKey: .id)
    self.name = try container.decode(String.self, forKey: .name)
    self.fullName = try container.decode(String.self, forKey: .fullName)
    self.owner = try container.decode(GitHubRepositoryOwner.self, forKey: .owner)
    self.htmlURL = try container.decode(String.self, forKey: .htmlURL)
    self.description = try container.decodeIfPresent(String.self, forKey: .description)
    self.stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
    self.forksCount = try container.decodeIfPresent(Int.self, forKey: .forksCount)
    self.language = try container.decodeIfPresent(String.self, forKey: .language)
    if let text = try container.decodeIfPresent(String.self, forKey: .updatedAt) {
      guard let date = ISO8601.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .updatedAt,
          in: container,
          debugDescription: "Expected an ISO 8601 date such as 2011-01-25T18:44:36Z."
        )
      }
      self.updatedAt = date
    } else {
      self.updatedAt = nil
    }
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
  }
}

/// The account that owns a ``GitHubRepository``, as the `owner` object of GitHub's JSON.
public struct GitHubRepositoryOwner: Sendable, Hashable, Codable {
  /// The owner's login, such as `apple`.
  public var login: String
  /// GitHub's numeric identifier of the account, if the server said so.
  public var id: Int64?

  /// Creates an owner from its fields.
  public init(login: String, id: Int64? = nil) {
    self.login = login
    self.id = id
  }
}
