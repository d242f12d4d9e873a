internal import Foundation

/// A GitHub repository object as found in API responses, every field optional so that a missing
/// one can be reported by name.
struct RepositoryPayload: Decodable {
  struct Owner: Decodable {
    var login: String?
    var id: Int64?
    var type: String?
  }

  var id: Int64?
  var fullName: String?
  var name: String?
  var owner: Owner?
  var htmlURL: String?
  var description: String?
  var stargazersCount: Int?
  var language: String?
  var forksCount: Int?
  var topics: [String]?
  var fork: Bool?
  var archived: Bool?
  var createdAt: String?
  var updatedAt: String?
  var pushedAt: String?

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case name
    case owner
    case htmlURL = "html_url"
    case description
    case stargazersCount = "stargazers_count"
    case language
    case forksCount = "forks_count"
    case topics
    case fork
    case archived
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case pushedAt = "pushed_at"
  }

  /// Decodes one repository object, or says what is wrong with it.
  static func decode(_ bytes: some Collection<UInt8>) -> Result<RepositoryFields, RepositoryNameError> {
    let payload: RepositoryPayload
    do {
      payload = try JSONDecoder().decode(RepositoryPayload.self, from: Data(bytes))
    } catch let error as DecodingError {
      return .failure(.init(describe(error)))
    } catch {
      return .failure(.init("broken JSON"))
    }
    return payload.fields()
  }

  func fields() -> Result<RepositoryFields, RepositoryNameError> {
    guard let id else { return .failure(.init("missing “id”")) }
    guard id > 0 else { return .failure(.init("“id” must be a positive integer, found \(id)")) }
    guard IndexedRepository.gitHubIDs.contains(id) else {
      return .failure(.init("“id” \(id) is above GitHub's ids (at most \(IndexedRepository.gitHubIDs.upperBound))"))
    }
    if let stargazersCount, !IndexedRepository.stargazerCounts.contains(stargazersCount) {
      let range = IndexedRepository.stargazerCounts
      let expected = "from \(range.lowerBound) to \(range.upperBound)"
      return .failure(.init("“stargazers_count” must be \(expected), found \(stargazersCount)"))
    }
    let parsed: Result<RepositoryName, RepositoryNameError>
    switch (fullName, owner?.login, name) {
    case (let fullName?, let login, let name):
      parsed = RepositoryName.parse(fullName)
      if case .success(let parsedName) = parsed, let login, let name,
        parsedName.key != RepositoryName.key(of: login + "/" + name)
      {
        return .failure(
          .init("“full_name” “\(fullName)” does not match “owner.login” “\(login)” and “name” “\(name)”")
        )
      }
    case (nil, let login?, let name?):
      parsed = RepositoryName.parse(login + "/" + name)
    default:
      return .failure(.init("missing “full_name”"))
    }
    switch parsed {
    case .failure(let error):
      return .failure(error)
    case .success(let repositoryName):
      return .success(
        RepositoryFields(
          id: id,
          name: repositoryName,
          description: description,
          htmlURL: htmlURL,
          stargazersCount: stargazersCount ?? 0,
          language: language,
          details: details
        )
      )
    }
  }

  /// The richer fields, each kept only when well formed: a wrong one is unknown, not a reason to
  /// skip the repository.
  var details: RepositoryDetails {
    RepositoryDetails(
      forksCount: forksCount.flatMap { $0 >= 0 ? $0 : nil },
      topics: topics.map(RepositoryDetails.topicsText),
      isFork: fork,
      isArchived: archived,
      ownerID: owner?.id.flatMap { $0 > 0 ? $0 : nil },
      ownerType: owner?.type.flatMap { ["User", "Organization", "Bot"].contains($0) ? $0 : nil },
      createdAt: createdAt.flatMap(RepositoryDetails.timestamp),
      updatedAt: updatedAt.flatMap(RepositoryDetails.timestamp),
      pushedAt: pushedAt.flatMap(RepositoryDetails.timestamp)
    )
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "not a JSON object" : "“\(path)” has the wrong type"
    case .dataCorrupted(let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? "broken JSON" : "“\(path)” is invalid"
    case .keyNotFound(let key, _):
      return "missing “\(key.stringValue)”"
    @unknown default:
      return "broken JSON"
    }
  }
}
