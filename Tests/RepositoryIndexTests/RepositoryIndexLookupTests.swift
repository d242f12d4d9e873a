import Foundation
import RepositoryIndex
import Testing

/// Looking up one repository by its full name and one owner by login, as `GET /repos/{owner}/{repo}`
/// and `GET /users/{login}` do.
@Suite("RepositoryIndex lookup")
struct RepositoryIndexLookupTests {
  static func index() async throws -> RepositoryIndex {
    let index = try RepositoryIndex.inMemory()
    let objects = """
      {"id": 10, "full_name": "apple/swift", "owner": {"login": "apple", "id": 10639145, "type": "Organization"}}
      {"id": 11, "full_name": "apple/swift-nio", "owner": {"login": "apple", "id": 10639145, "type": "Organization"}}
      """
    _ = try await index.importRepositories(from: Data("apple/aaa-name-only\napplesauce/jar\n".utf8))
    _ = try await index.importRepositories(from: Data(objects.utf8))
    return index
  }

  @Test func aRepositoryIsFoundByItsFullNameInAnyLetterCase() async throws {
    let index = try await Self.index()
    let found = try #require(try await index.repository(named: "APPLE/Swift-NIO"))
    #expect(found.fullName == "apple/swift-nio")
    #expect(found.id == 11)
    #expect(try await index.repository(named: "apple/swift-ni") == nil, "no prefix match")
    #expect(try await index.repository(named: "apple") == nil)
    #expect(try await index.repository(named: "apple/aaa-name-only")?.id ?? 0 < 0)
  }

  @Test func anOwnerIsFoundWithTheIdAndTypeOneOfItsRepositoriesSays() async throws {
    let index = try await Self.index()
    // `apple/aaa-name-only` sorts first and knows nothing of its owner: another row says who it is.
    #expect(try await index.owner(named: "Apple") == IndexedOwner(login: "apple", id: 10_639_145, type: "Organization"))
    #expect(try await index.owner(named: "applesauce") == IndexedOwner(login: "applesauce"))
    #expect(try await index.owner(named: "appl") == nil, "a login is matched whole")
    #expect(try await index.owner(named: "apple/swift") == nil)
    #expect(try await index.owner(named: "") == nil)
  }
}
