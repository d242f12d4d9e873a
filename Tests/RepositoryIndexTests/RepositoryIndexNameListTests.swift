import Foundation
import AccountRules
import RepositoryIndex
import Testing

/// What a name list accepts: GitHub addresses as well as `owner/name`, owners under signup's rules.
@Suite("RepositoryIndex name lists")
struct RepositoryIndexNameListTests {
  @Test func githubAddressesAreImportedAsTheirFullNames() async throws {
    let index = try RepositoryIndex.inMemory()
    let report = try await index.importRepositories(
      from: Data(
        """
        https://github.com/apple/swift-nio
        http://github.com/vapor/vapor/
        github.com/ReactorKit/ReactorKit.git
        https://www.github.com/pointfreeco/swift-clocks.git/
        HTTPS://GitHub.com/groue/GRDB.swift
        owner/name/
        https://github.com/apple/swift/issues
        https://gitlab.com/owner/name
        """.utf8))

    #expect(report.inserted == 6)
    #expect(report.issues.map(\.line) == [7, 8])
    #expect(report.issues[0].message == "expected “owner/name”, found “apple/swift/issues”")
    let names = try await index.search("swift", page: 1, perPage: 10).items.map(\.fullName)
    #expect(names.contains("apple/swift-nio"))
    #expect(names.contains("pointfreeco/swift-clocks"))
    let reactorKit = try await index.search("ReactorKit/ReactorKit", page: 1, perPage: 10)
    #expect(reactorKit.items.map(\.fullName) == ["ReactorKit/ReactorKit"])
    #expect(try await index.search("GRDB", page: 1, perPage: 10).items.map(\.fullName) == ["groue/GRDB.swift"])
  }

  @Test func ownersFollowSignupsRulesForExistingLogins() async throws {
    let index = try RepositoryIndex.inMemory()
    let owners = ["-leading", "ok-owner", "legacy-", "two--hyphens", "under_score", String(repeating: "a", count: 40)]
    let report = try await index.importRepositories(from: Data(owners.map { "\($0)/repo\n" }.joined().utf8))

    #expect(report.issues.map(\.line) == [1, 5, 6])
    // The same answer as the shared rule, byte for byte.
    for (offset, owner) in owners.enumerated() {
      let accepted = !report.issues.map(\.line).contains(offset + 1)
      #expect(accepted == (UsernameRules.githubExistingLogins.violation(in: owner) == nil), "\(owner)")
    }
    #expect(UsernameRules.github.violation(in: "legacy-") == .trailingHyphen)
  }
}
