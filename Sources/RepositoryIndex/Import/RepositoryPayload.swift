internal import Foundation

/// A GitHub repository object as found in API responses, every field optional so that a missing
/// one can be reported by name.
struct RepositoryPayload: Decodable {
  struct Owner: Decodable {
    var login: String?
  }

  var id: Int64?
  var fullName: String?
  var name: String?
  var owner: Owner?
  var htmlURL: String?
  var description: String?
  var stargazersCount: Int?
  var language: String?

  enum CodingKeys: String, CodingKey {
    case id
    case fullName = "full_name"
    case name
    case owner
    case htmlURL = "html_url"
    case description
    case stargazersCount = "stargazers_count"
    case language
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
          stargazersCount: max(stargazersCount ?? 0, 0),
          language: language
        )
      )
    }
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
