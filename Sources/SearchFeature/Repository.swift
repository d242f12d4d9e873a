public import Foundation

/// One repository in the search results: what a row of the Search screen shows.
///
/// The fields the screen needs of GitHub's search item, and nothing else, so every backend (the real
/// GitHub, Octoreact's own index, a test double) can produce it. Rows are identified by GitHub's
/// numeric ``id``, which is what removes a repository that appears on two pages (see
/// ``SearchReactor``).
public struct Repository: Sendable, Hashable, Codable, Identifiable {
  /// GitHub's numeric repository id: stable across renames, unique across pages.
  public var id: Int64
  /// `owner/name`, as GitHub's `full_name`.
  public var fullName: String
  /// The repository's page, opened when the row is selected (`https://github.com/<full_name>`).
  public var htmlURL: String
  /// The owner's one-line description, if any.
  public var description: String?
  /// The number of stars; nil when the server does not know (shown as unknown, never as 0).
  public var stargazersCount: Int?
  /// The main language GitHub detected, if any.
  public var language: String?
  /// When the repository last changed, as GitHub's `updated_at`; nil when unknown.
  public var updatedAt: Date?

  public init(
    id: Int64,
    fullName: String,
    htmlURL: String,
    description: String? = nil,
    stargazersCount: Int? = 0,
    language: String? = nil,
    updatedAt: Date? = nil
  ) {
    self.id = id
    self.fullName = fullName
    self.htmlURL = htmlURL
    self.description = description
    self.stargazersCount = stargazersCount
    self.language = language
    self.updatedAt = updatedAt
  }
}
