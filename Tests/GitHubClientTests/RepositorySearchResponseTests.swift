import Foundation
import GitHubClient
import Testing

/// One item that cannot be read does not cost its page.
struct RepositorySearchResponseTests {
  @Test func anUndecodableItemIsLeftOutAndNamedByPosition() throws {
    let json = """
      {"total_count": 3, "items": [
        {"id": 1, "name": "a", "full_name": "o/a", "owner": {"login": "o"}, "html_url": "https://github.com/o/a"},
        {"id": 2, "name": "b", "full_name": "o/b", "owner": {"login": "o"}},
        {"id": 3, "name": "c", "full_name": "o/c", "owner": {"login": 7}, "html_url": "https://github.com/o/c"},
        "not an object",
        {"id": 5, "name": "e", "full_name": "o/e", "owner": {"login": "o"}, "html_url": "https://github.com/o/e"}
      ]}
      """

    let response = try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(json.utf8))

    #expect(response.items.map(\.fullName) == ["o/a", "o/e"])
    #expect(
      response.undecodableItems == [
        .init(position: 2, reason: #"missing key "html_url""#),
        .init(position: 3, reason: "expected String at owner.login"),
        .init(position: 4, reason: "expected Dictionary<String, Any>"),
      ])
  }

  @Test func aBodyThatIsNoSearchResponseStillFails() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(RepositorySearchResponse.self, from: Data(#"{"items": []}"#.utf8))
    }
  }
}
