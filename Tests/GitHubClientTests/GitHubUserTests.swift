import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubUserTests {
  @Test func decodesGitHubsShapeIgnoringOtherKeys() throws {
    let json = #"{"login": "octocat", "id": 583231, "type": "User", "created_at": "2011-01-25T18:44:36Z"}"#

    let user = try JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8))

    #expect(user == GitHubUser(login: "octocat", id: 583231, createdAt: Date(timeIntervalSince1970: 1_295_981_076)))
  }

  @Test func decodesFractionalSeconds() throws {
    let json = #"{"login": "a", "id": 1, "created_at": "2011-01-25T18:44:36.250Z"}"#

    let user = try JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8))

    #expect(user.createdAt == Date(timeIntervalSince1970: 1_295_981_076.25))
  }

  @Test func missingOrNullCreationDateIsNil() throws {
    let missing = try JSONDecoder().decode(GitHubUser.self, from: Data(#"{"login": "a", "id": 1}"#.utf8))
    let null = try JSONDecoder().decode(
      GitHubUser.self, from: Data(#"{"login": "a", "id": 1, "created_at": null}"#.utf8))

    #expect(missing.createdAt == nil)
    #expect(null.createdAt == nil)
  }

  @Test func malformedCreationDateFailsToDecode() {
    let json = #"{"login": "a", "id": 1, "created_at": "yesterday"}"#

    #expect(throws: DecodingError.self) { try JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8)) }
  }

  @Test func encodesGitHubsShapeWhateverTheEncoderStrategy() throws {
    let user = GitHubUser(login: "octocat", id: 583231, createdAt: Date(timeIntervalSince1970: 1_295_981_076))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys

    let json = String(decoding: try encoder.encode(user), as: UTF8.self)

    #expect(json == #"{"created_at":"2011-01-25T18:44:36Z","id":583231,"login":"octocat"}"#)
    #expect(try JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8)) == user)
  }

  @Test func fieldErrorDecodesObjectsAndBareStrings() throws {
    let json = #"[{"resource": "User", "field": "username", "code": "invalid"}, "plain message", {"code": 7}]"#

    let errors = try JSONDecoder().decode([GitHubFieldError].self, from: Data(json.utf8))

    #expect(
      errors == [
        GitHubFieldError(resource: "User", field: "username", code: "invalid"),
        GitHubFieldError(message: "plain message"),
        GitHubFieldError(),
      ]
    )
  }

  @Test func fieldErrorDescriptionNamesFieldCodeAndMessage() {
    #expect(
      GitHubFieldError(resource: "User", field: "username", code: "custom", message: "too long").description
        == "User.username custom: too long"
    )
    #expect(GitHubFieldError(message: "plain").description == "plain")
    #expect(GitHubFieldError().description == "invalid")
  }
}
