import SearchSyntax
import Testing

struct RepositorySortTests {
  @Test func sortAndOrderAsGitHubTakesThem() throws {
    #expect(try RepositorySort(sort: nil, order: nil) == .bestMatch)
    #expect(try RepositorySort(sort: "", order: "") == .bestMatch)
    #expect(try RepositorySort(sort: nil, order: "asc") == .bestMatch)
    #expect(try RepositorySort(sort: "stars", order: nil) == RepositorySort(key: .stars, ascending: false))
    #expect(try RepositorySort(sort: "Forks", order: "asc") == RepositorySort(key: .forks, ascending: true))
    #expect(try RepositorySort(sort: "updated", order: "desc") == RepositorySort(key: .updated))
  }

  @Test func unknownSortOrOrderIsRefused() {
    #expect(throws: SearchSyntaxError(.unsupportedSort("size"))) { try RepositorySort(sort: "size", order: nil) }
    #expect(throws: SearchSyntaxError(.unsupportedOrder("up"))) { try RepositorySort(sort: "stars", order: "up") }
    #expect((try? RepositorySort(sort: "size", order: nil)) == nil)
  }
}
