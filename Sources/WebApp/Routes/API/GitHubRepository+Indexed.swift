import Foundation
public import GitHubClient
public import RepositoryIndex

extension GitHubRepository {
  /// The first id given to a repository known only by name: far above GitHub's ids, and below 2^53, so
  /// that JavaScript reads it exactly.
  public static let localIDBase: Int64 = 1 << 52

  /// GitHub's id, or for a repository known only by name (row id -n) ``localIDBase`` + n: positive and
  /// stable either way.
  public static func publicID(ofIndexRow id: Int64) -> Int64 {
    id > 0 ? id : localIDBase + min(-id, localIDBase - 1)
  }

  /// GitHub's legacy global id of the repository `id`: base64 of `010:Repository` and the id.
  public static func nodeID(ofRepository id: Int64) -> String {
    Data("010:Repository\(id)".utf8).base64EncodedString()
  }

  /// A repository of the index as the live Search page reads it; unknown figures stay `nil`, never zero.
  public init(indexed repository: IndexedRepository, htmlURL: String, apiBaseURL: String) {
    let owner = RepositoryJSON.owner(of: repository)
    let id = Self.publicID(ofIndexRow: repository.id)
    self.init(
      id: id,
      name: repository.name,
      fullName: repository.fullName,
      owner: GitHubRepositoryOwner(
        login: owner.login, id: owner.id, avatarURL: OwnerJSON.avatarURL(of: owner), type: owner.type),
      htmlURL: htmlURL,
      description: repository.description,
      stargazersCount: repository.knownStargazersCount,
      forksCount: repository.forksCount,
      language: repository.language,
      updatedAt: repository.updatedAt.flatMap(Timestamp.date(from:)),
      nodeID: Self.nodeID(ofRepository: id),
      url: "\(apiBaseURL)/repos/\(repository.fullName)",
      topics: repository.topics,
      fork: repository.isFork,
      archived: repository.isArchived,
      createdAt: repository.createdAt.flatMap(Timestamp.date(from:)),
      pushedAt: repository.pushedAt.flatMap(Timestamp.date(from:)),
      score: 1
    )
  }
}
