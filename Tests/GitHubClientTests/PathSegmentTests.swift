import Testing

@testable import GitHubClient

@Suite(.timeLimit(.minutes(1)))
struct PathSegmentTests {
  @Test func lettersDigitsHyphensUnderscoresAndTildesStay() {
    #expect(PathSegment.encode("Octo-cat_9~") == "Octo-cat_9~")
  }

  @Test(arguments: [
    ("a b", "a%20b"), ("a/b", "a%2Fb"), ("..", "%2E%2E"), ("?#%", "%3F%23%25"), ("ë", "%C3%AB"), ("", ""),
  ])
  func everythingElseIsPercentEncoded(raw: String, encoded: String) {
    #expect(PathSegment.encode(raw) == encoded)
  }

  @Test(arguments: ["https://api.github.com", "https://api.github.com/", "https://api.github.com//"])
  func urlJoinsBaseAndSegmentsWithOneSlash(base: String) {
    #expect(PathSegment.url(base: base, segments: ["users", "a/b"]) == "https://api.github.com/users/a%2Fb")
  }

  @Test func urlKeepsABasePathPrefix() {
    #expect(
      PathSegment.url(base: "https://ghe.example.com/api/v3/", segments: ["users"])
        == "https://ghe.example.com/api/v3/users")
  }
}
