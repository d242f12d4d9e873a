import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientLiveUserTests {
  @Test func existingUserIsDecodedFromGitHubsJSON() async throws {
    let user = try await withFakeGitHub { client, _ in try await client.user("octocat") }

    #expect(user == GitHubUser(login: "octocat", id: 583231, createdAt: Date(timeIntervalSince1970: 1_295_981_076)))
  }

  @Test func missingUserIsNil() async throws {
    let user = try await withFakeGitHub { client, _ in try await client.user("nobody-here") }

    #expect(user == nil)
  }

  @Test func emptyLoginIsNilWithoutARequest() async throws {
    let (user, requests) = try await withFakeGitHub { client, server in
      (try await client.user(""), server.requests.count)
    }

    #expect(user == nil)
    #expect(requests == 0)
  }

  @Test func requestCarriesGitHubsHeaders() async throws {
    let request = try await withFakeGitHub { client, server in
      _ = try await client.user("octocat")
      return try #require(server.requests.first)
    }

    #expect(request.method == "GET")
    #expect(request.rawPath == "/users/octocat")
    #expect(request.headers["accept"] == "application/vnd.github+json")
    #expect(request.headers["x-github-api-version"] == "2022-11-28")
    #expect(request.headers["user-agent"] == "octoreact")
    #expect(request.headers["authorization"] == nil)
  }

  @Test func tokenIsSentAsBearer() async throws {
    let request = try await withFakeGitHub(token: "ghp_bearer123") { client, server in
      _ = try await client.user("octocat")
      return try #require(server.requests.first)
    }

    #expect(request.headers["authorization"] == "Bearer ghp_bearer123")
  }

  @Test(arguments: [
    ("a b/c", "/users/a%20b%2Fc"),
    ("../admin", "/users/%2E%2E%2Fadmin"),
    ("x?y=1#z", "/users/x%3Fy%3D1%23z"),
    ("100%", "/users/100%25"),
    ("Zoë", "/users/Zo%C3%AB"),
  ])
  func loginIsPercentEncodedIntoOneSegment(login: String, expectedPath: String) async throws {
    let (user, request) = try await withFakeGitHub { client, server in
      (try await client.user(login), try #require(server.requests.first))
    }

    #expect(request.rawPath == expectedPath)
    #expect(user == nil)
  }

  @Test func baseURLWithTrailingSlashGivesTheSamePath() async throws {
    let (user, request) = try await withFakeGitHub(baseURLSuffix: "/") { client, server in
      (try await client.user("octocat"), try #require(server.requests.first))
    }

    #expect(request.rawPath == "/users/octocat")
    #expect(user?.login == "octocat")
  }

  @Test func customUserAgentIsSent() async throws {
    let request = try await withFakeGitHub(userAgent: "octoreact-tests/1.0") { client, server in
      _ = try await client.user("octocat")
      return try #require(server.requests.first)
    }

    #expect(request.headers["user-agent"] == "octoreact-tests/1.0")
  }
}
