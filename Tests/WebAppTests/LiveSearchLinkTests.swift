import AccountStore
import Foundation
import RepositoryIndex
import SearchFeature
import Testing
@testable import WebApp

/// The live Search page's rows link where the API's search items do: under the public URL, which a browser
/// reaches, not the address the server listens on.
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchLinkTests {
  @Test func rowsLinkUnderThePublicURL() async throws {
    let index = try RepositoryIndex.inMemory()
    _ = try await index.importRepositories(from: Data("apple/swift".utf8))
    var configuration = AppConfiguration.testDefault
    configuration.publicBaseURL = "https://octoreact.example"
    let route = LiveRoute.testing(configuration, accounts: try AccountStore.inMemory(), index: index)
    let page = try await route.searchClient(for: "a").search("swift", 1)
    #expect(page.repositories.map(\.htmlURL) == ["https://octoreact.example/repositories/apple/swift"])
  }
}
