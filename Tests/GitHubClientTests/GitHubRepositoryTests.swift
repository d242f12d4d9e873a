import Foundation
import GitHubClient
import Testing

struct GitHubRepositoryTests {
  @Test func decodesGitHubsFullItemIgnoringOtherKeys() throws {
    let json = FakeGitHubServer.repositoryJSON(number: 1, q: "swift")

    let repository = try JSONDecoder().decode(GitHubRepository.self, from: Data(json.utf8))

    #expect(
      repository
        == GitHubRepository(
          id: 10_001, name: "swift-1", fullName: "octo-1/swift-1",
          owner: GitHubRepositoryOwner(
            login: "octo-1", id: 501, avatarURL: "https://avatars.githubusercontent.com/u/501?v=4", type: "Organization"),
          htmlURL: "https://github.com/octo-1/swift-1", description: "Repository number 1 for swift",
          stargazersCount: 99_963, forksCount: 3, language: "Swift",
          updatedAt: Date(timeIntervalSince1970: 1_714_564_800),
          nodeID: "R_kgDO1", url: "https://api.github.com/repos/octo-1/swift-1", topics: ["swift", "reactive"],
          fork: false, archived: false, createdAt: Date(timeIntervalSince1970: 1_448_907_128),
          pushedAt: Date(timeIntervalSince1970: 1_714_467_600), score: 1
        ))
  }

  @Test func optionalFieldsMayBeMissingOrNull() throws {
    let json = #"""
      {"id": 1, "name": "r", "full_name": "o/r", "owner": {"login": "o"}, "html_url": "https://github.com/o/r",
       "description": null, "language": null, "stargazers_count": 0}
      """#

    let repository = try JSONDecoder().decode(GitHubRepository.self, from: Data(json.utf8))

    #expect(repository == GitHubRepository(id: 1, name: "r", fullName: "o/r", owner: GitHubRepositoryOwner(login: "o")))
  }

  @Test func unknownStarsAreNullNotZero() throws {
    let json = #"{"id": 1, "name": "r", "full_name": "o/r", "owner": {"login": "o"}, "html_url": "u", "stargazers_count": null}"#
    let repository = try JSONDecoder().decode(GitHubRepository.self, from: Data(json.utf8))
    #expect(repository.stargazersCount == nil)
    let encoded = String(decoding: try JSONEncoder().encode(repository), as: UTF8.self)
    #expect(encoded.contains(#""stargazers_count":null"#))
  }

  @Test func missingRequiredFieldFailsToDecode() {
    let json = #"{"id": 1, "name": "r", "owner": {"login": "o"}, "html_url": "u", "stargazers_count": 0}"#

    #expect(throws: DecodingError.self) { try JSONDecoder().decode(GitHubRepository.self, from: Data(json.utf8)) }
  }

  @Test func invalidUpdateDateFailsToDecode() {
    let json = #"""
      {"id": 1, "name": "r", "full_name": "o/r", "owner": {"login": "o"}, "html_url": "u", "stargazers_count": 0,
       "updated_at": "yesterday"}
      """#

    #expect(throws: DecodingError.self) { try JSONDecoder().decode(GitHubRepository.self, from: Data(json.utf8)) }
  }

  @Test func encodesGitHubsSnakeCaseKeys() throws {
    let repository = GitHubRepository(
      id: 7, name: "swift", fullName: "apple/swift", owner: GitHubRepositoryOwner(login: "apple", id: 10_639_145),
      stargazersCount: 67_000, language: "C++", updatedAt: Date(timeIntervalSince1970: 1_714_564_800))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

    let json = String(decoding: try encoder.encode(repository), as: UTF8.self)

    #expect(
      json
        == #"{"description":null,"full_name":"apple/swift","html_url":"https://github.com/apple/swift","id":7,"#
        + #""language":"C++","name":"swift","owner":{"id":10639145,"login":"apple"},"stargazers_count":67000,"#
        + #""updated_at":"2024-05-01T12:00:00Z"}"#)
  }

  @Test func responseRoundTripsThroughGitHubsShape() throws {
    let response = RepositorySearchResponse(
      totalCount: 2,
      incompleteResults: true,
      items: [
        GitHubRepository(id: 1, name: "a", fullName: "o/a", owner: GitHubRepositoryOwner(login: "o"), forksCount: 2),
        GitHubRepository(id: 2, name: "b", fullName: "o/b", owner: GitHubRepositoryOwner(login: "o", id: 3)),
      ])

    let data = try JSONEncoder().encode(response)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]

    #expect(try JSONDecoder().decode(RepositorySearchResponse.self, from: data) == response)
    #expect(object?["total_count"] as? Int == 2)
    #expect(object?["incomplete_results"] as? Bool == true)
  }

  @Test func missingIncompleteResultsMeansComplete() throws {
    let json = #"{"total_count": 0, "items": []}"#

    let response = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(json.utf8))

    #expect(response == RepositorySearchResponse(totalCount: 0, items: []))
  }
}
