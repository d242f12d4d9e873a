import Clocks
import OctoreactCore
import OctoreactTesting
import SearchFeature
import Testing

/// A query becomes a first-page search; a newer or blank query replaces whatever is in flight
/// (design section 1, ReactorKit `GitHubSearchViewReactor`).
@Suite(.timeLimit(.minutes(1)))
struct SearchQueryTests {
  typealias Request = FakeSearchServer.Request

  @Test(arguments: SearchArchitecture.allCases)
  func queryShowsItsFirstPage(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6)]
      $0.totalCounts["swift"] = 1234
    }
    // given / when
    fixture.send(.updateQuery("swift"))
    // then: the query is shown at once, its first page loading.
    #expect(fixture.state.query == "swift")
    #expect(fixture.state.isLoading)
    await fixture.recorder.first { $0.isLoading }
    await fixture.server.waitFor(.asked(Request("swift", page: 1)))
    await fixture.clock.advance(by: .milliseconds(199))
    #expect(fixture.state.isLoading)
    #expect(fixture.state.repos.isEmpty)
    await fixture.clock.advance(by: .milliseconds(1))
    let loaded = await fixture.expectState { !$0.isLoading }
    #expect(loaded?.repos == .page(1...3))
    #expect(loaded?.nextPage == 2)
    #expect(loaded?.totalCount == 1234)
    #expect(loaded?.incompleteResults == false)
    #expect(loaded?.failure == nil)
    #expect(loaded?.isLoadingNextPage == false)
    #expect(fixture.server.requests == [Request("swift", page: 1)])
    // isLoading is true from the query (0 ms) until the page arrives (200 ms), and only then.
    await fixture.recorder.first { !$0.repos.isEmpty }
    let timeline = fixture.recorder.timeline
    #expect(timeline.filter { $0.value.isLoading }.map(\.time) == [.zero])
    #expect(timeline.first { !$0.value.repos.isEmpty }?.time == .milliseconds(200))
  }

  @Test(arguments: SearchArchitecture.allCases)
  func surroundingWhitespaceIsNotSearchedButStaysInTheField(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...2)] }
    fixture.send(.updateQuery("  swift \n"))
    await fixture.answer(Request("swift", page: 1))
    let loaded = await fixture.expectState { !$0.repos.isEmpty }
    #expect(loaded?.query == "  swift \n")
    #expect(loaded?.searchTerms == "swift")
    #expect(fixture.server.requests == [Request("swift", page: 1)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func incompleteResultsAreShown(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...2)]
      $0.incomplete = ["swift"]
    }
    let loaded = await fixture.search("swift")
    #expect(loaded?.incompleteResults == true)
  }

  // MARK: - Blank queries

  @Test(arguments: SearchArchitecture.allCases, [nil, "", "   ", "\n\t"] as [String?])
  func blankQueryClearsTheResultsWithoutARequest(_ architecture: SearchArchitecture, _ blank: String?) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...3), .page(4...6)] }
    // A blank query on a fresh screen asks nothing.
    fixture.send(.updateQuery(blank))
    #expect(fixture.state.query == blank)
    #expect(!fixture.state.isLoading)
    await fixture.search("swift")
    #expect(fixture.state.repos == .page(1...3))
    // A blank query after results clears them.
    fixture.send(.updateQuery(blank))
    var cleared = SearchReactor.State()
    cleared.query = blank
    #expect(fixture.state == cleared)
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1)])
    #expect(fixture.state == cleared)
  }

  @Test(arguments: SearchArchitecture.allCases)
  func blankQueryDropsTheSearchInFlight(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...3)] }
    fixture.send(.updateQuery("swift"))
    await fixture.server.waitFor(.asked(Request("swift", page: 1)))
    fixture.send(.updateQuery(""))
    #expect(!fixture.state.isLoading)
    await fixture.clock.advance(by: .milliseconds(200))
    await fixture.letDroppedAnswerLand(Request("swift", page: 1))
    var cleared = SearchReactor.State()
    cleared.query = ""
    #expect(fixture.state == cleared)
    #expect(fixture.recorder.values.allSatisfy { $0.repos.isEmpty })
  }

  // MARK: - Cancellation

  @Test(arguments: SearchArchitecture.allCases)
  func olderSlowerFirstPageIsDroppedAfterANewerQuery(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3)]
      $0.pages["rust"] = [.page(101...103)]
      $0.delays = [Request("swift", page: 1): .milliseconds(500), Request("rust", page: 1): .milliseconds(100)]
    }
    fixture.send(.updateQuery("swift"))
    await fixture.server.waitFor(.asked(Request("swift", page: 1)))
    fixture.send(.updateQuery("rust"))
    #expect(fixture.state.query == "rust")
    #expect(fixture.state.isLoading)
    await fixture.server.waitFor(.asked(Request("rust", page: 1)))
    await fixture.clock.advance(by: .milliseconds(100))
    let rust = await fixture.expectState { !$0.isLoading }
    #expect(rust?.repos == .page(101...103))
    // The server still answers "swift" at 500 ms; the screen must not show it.
    await fixture.clock.advance(by: .milliseconds(400))
    await fixture.letDroppedAnswerLand(Request("swift", page: 1))
    #expect(fixture.state == rust)
    await fixture.recorder.first { $0 == rust }
    #expect(fixture.recorder.values.allSatisfy { $0.repos.allSatisfy { $0.id > 100 } || $0.repos.isEmpty })
  }

  @Test(arguments: SearchArchitecture.allCases)
  func olderSlowerNextPageIsDroppedAfterANewerQuery(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6), .page(7...9)]
      $0.pages["rust"] = [.page(101...103)]
      $0.delays = [Request("swift", page: 2): .milliseconds(500), Request("rust", page: 1): .milliseconds(100)]
    }
    await fixture.search("swift")
    fixture.send(.loadNextPage)
    #expect(fixture.state.isLoadingNextPage)
    await fixture.server.waitFor(.asked(Request("swift", page: 2)))
    fixture.send(.updateQuery("rust"))
    // The next-page load is over as soon as the new query is in: the indicator goes at once.
    #expect(!fixture.state.isLoadingNextPage)
    #expect(fixture.state.isLoading)
    await fixture.server.waitFor(.asked(Request("rust", page: 1)))
    await fixture.clock.advance(by: .milliseconds(100))
    let rust = await fixture.expectState { !$0.isLoading }
    #expect(rust?.repos == .page(101...103))
    #expect(rust?.nextPage == nil)
    await fixture.clock.advance(by: .milliseconds(400))
    await fixture.letDroppedAnswerLand(Request("swift", page: 2))
    #expect(fixture.state == rust)
    await fixture.recorder.first { $0 == rust }
    #expect(fixture.recorder.values.allSatisfy { !$0.repos.contains(.fixture(4)) })
  }

  @Test(arguments: SearchArchitecture.allCases)
  func cancelledRequestThatHonoursCancellationIsDroppedToo(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3)]
      $0.pages["rust"] = [.page(101...103)]
      $0.ignoresCancellation = false
    }
    fixture.send(.updateQuery("swift"))
    await fixture.server.waitFor(.asked(Request("swift", page: 1)))
    fixture.send(.updateQuery("rust"))
    // The cancelled request throws `.unavailable` at once; that failure must not reach the state.
    await fixture.letDroppedAnswerLand(Request("swift", page: 1))
    #expect(fixture.state.failure == nil)
    await fixture.answer(Request("rust", page: 1))
    let rust = await fixture.expectState { !$0.isLoading }
    #expect(rust?.repos == .page(101...103))
    #expect(fixture.recorder.values.allSatisfy { $0.failure == nil })
  }
}
