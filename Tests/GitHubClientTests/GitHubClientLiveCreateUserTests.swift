import Foundation
import GitHubClient
import Testing

@Suite(.timeLimit(.minutes(1)))
struct GitHubClientLiveCreateUserTests {
  @Test func createdUserIsReturned() async throws {
    let user = try await withFakeGitHub { client, _ in try await client.createUser("new-user", "hunter22") }

    #expect(user.login == "new-user")
    #expect(user.id == 1000)
    #expect(user.createdAt == Date(timeIntervalSince1970: 1_714_564_800))
  }

  @Test func requestIsAJSONPostToUsers() async throws {
    let request = try await withFakeGitHub { client, server in
      _ = try await client.createUser("new-user", "hunter22")
      return try #require(server.requests.first)
    }

    #expect(request.method == "POST")
    #expect(request.rawPath == "/users")
    #expect(request.headers["content-type"] == "application/json")
    let body = try JSONDecoder().decode([String: String].self, from: Data(request.body.utf8))
    #expect(body == ["username": "new-user", "password": "hunter22"])
  }

  @Test func conflictIsUsernameTaken() async throws {
    let error = try await withFakeGitHub { client, _ in
      await failure { () async throws(GitHubClientError) in try await client.createUser("taken", "hunter22") }
    }

    #expect(error == .usernameTaken)
    #expect(error?.statusCode == 409)
  }

  @Test func unprocessableIsValidationFailedWithFieldErrors() async throws {
    let error = try await withFakeGitHub { client, _ in
      await failure { () async throws(GitHubClientError) in try await client.createUser("bad name", "x") }
    }

    let expected: [GitHubFieldError] = [
      GitHubFieldError(
        resource: "User",
        field: "username",
        code: "invalid",
        message: "Username may only contain alphanumeric characters or single hyphens"
      ),
      GitHubFieldError(resource: "User", field: "password", code: "custom"),
    ]
    #expect(error == .validationFailed(expected))
    #expect(error?.fieldErrors == expected)
    #expect(error?.statusCode == 422)
  }

  @Test func passwordIsAbsentFromTheErrorDescription() async throws {
    let error = try await withFakeGitHub { client, _ in
      await failure { () async throws(GitHubClientError) in try await client.createUser("bad name", "s3cret-pass") }
    }

    let description = try #require(error).description
    #expect(!description.contains("s3cret-pass"))
  }
}
