import Foundation
import GitHubClient
import Hummingbird
import HummingbirdTesting
import RepositoryIndex
import Testing

@testable import WebApp

/// GitHub's ids and the ids the API makes up for repositories known only by name never meet: an import refuses an
/// id from 2^52, where the made-up ones begin.
@Suite(.timeLimit(.minutes(1)))
struct RepositoryIDSpaceTests {
  @Test func theMadeUpIdsBeginAboveEveryIdAnImportTakes() {
    #expect(GitHubRepository.localIDBase > IndexedRepository.gitHubIDs.upperBound)
    #expect(GitHubRepository.publicID(ofIndexRow: -1) == GitHubRepository.localIDBase + 1)
    #expect(
      GitHubRepository.publicID(ofIndexRow: IndexedRepository.gitHubIDs.upperBound) < GitHubRepository.localIDBase)
  }

  /// The finding: a GitHub object with the id the API gave a repository known only by name (2^52 + its row) was
  /// imported, and both were answered with that id.
  @Test func anObjectWithAMadeUpIdIsRefusedAndTheNameKeepsItsId() async throws {
    let app = try TestApp()
    let names = (1...3324).map { "owner\($0)/name\($0)" }.joined(separator: "\n")
    _ = try await app.index.importRepositories(from: Data(names.utf8))
    try await app.application().test(.router) { client in
      let byName = try await client.execute(uri: "/search/repositories?q=name3324", method: .get)
      let madeUp = try #require((byName.json["items"] as? [[String: Any]])?.first?["id"] as? Int)
      #expect(Int64(madeUp) > GitHubRepository.localIDBase)
      let report = try await app.index.importRepositories(
        from: Data(#"{"id": \#(madeUp), "full_name": "high/id", "stargazers_count": 1}"#.utf8))
      #expect(report.inserted == 0)
      #expect(report.issues.first?.message.contains("above GitHub's ids") == true)
      let high = try await client.execute(uri: "/search/repositories?q=high", method: .get)
      #expect(high.json["total_count"] as? Int == 0)
      let again = try await client.execute(uri: "/search/repositories?q=name3324", method: .get)
      #expect((again.json["items"] as? [[String: Any]])?.first?["id"] as? Int == madeUp)
    }
  }
}
