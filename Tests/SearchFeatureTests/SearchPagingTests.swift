import Clocks
import OctoreactCore
import OctoreactTesting
import SearchFeature
import Testing

/// Scrolling to the end loads the next page, once, and appends it (design section 1).
@Suite(.timeLimit(.minutes(1)))
struct SearchPagingTests {
  typealias Request = FakeSearchServer.Request

  @Test(arguments: SearchArchitecture.allCases)
  func nextPageIsAppended(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...3), .page(4...6), .page(7...8)] }
    await fixture.search("swift")
    // given the first page / when scrolled to the end
    fixture.send(.loadNextPage)
    // then the next page loads, with its own indicator, and is appended
    #expect(fixture.state.isLoadingNextPage)
    #expect(!fixture.state.isLoading)
    #expect(fixture.state.repos == .page(1...3))
    let start = fixture.elapsed
    await fixture.recorder.first { $0.isLoadingNextPage }
    await fixture.answer(Request("swift", page: 2))
    let second = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(second?.repos == .page(1...6))
    #expect(second?.nextPage == 3)
    #expect(second?.totalCount == 8)
    // isLoadingNextPage was true for the 200 ms of page 2's request, then false.
    await fixture.recorder.first { $0.repos.count == 6 }
    let page2 = fixture.recorder.timeline.drop { !$0.value.isLoadingNextPage }
    #expect(page2.first?.time == start)
    #expect(page2.first { !$0.value.isLoadingNextPage }?.time == start + .milliseconds(200))
    fixture.send(.loadNextPage)
    await fixture.answer(Request("swift", page: 3))
    let last = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(last?.repos == .page(1...8))
    #expect(last?.nextPage == nil)
    #expect(
      fixture.server.requests == [Request("swift", page: 1), Request("swift", page: 2), Request("swift", page: 3)]
    )
  }

  @Test(arguments: SearchArchitecture.allCases)
  func repeatedScrollingWhileAPageLoadsMakesOneRequest(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...3), .page(4...6), .page(7...9)] }
    await fixture.search("swift")
    fixture.send(.loadNextPage)
    let loading = fixture.state
    fixture.send(.loadNextPage)
    fixture.send(.loadNextPage)
    #expect(fixture.state == loading)
    await fixture.answer(Request("swift", page: 2))
    await fixture.expectState { $0.repos == .page(1...6) && !$0.isLoadingNextPage }
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1), Request("swift", page: 2)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func scrollingWhileTheFirstPageLoadsIsIgnored(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6)]
      $0.pages["rust"] = [.page(101...103), .page(104...106)]
    }
    await fixture.search("swift")
    fixture.send(.updateQuery("rust"))
    // The previous query's results (and their next page) are still shown, but must not be extended.
    #expect(fixture.state.nextPage == 2)
    let loading = fixture.state
    fixture.send(.loadNextPage)
    #expect(fixture.state == loading)
    await fixture.answer(Request("rust", page: 1))
    await fixture.expectState { !$0.isLoading }
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1), Request("rust", page: 1)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func lastPageHasNoNextPage(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...2)] }
    let loaded = await fixture.search("swift")
    #expect(loaded?.nextPage == nil)
    #expect(loaded?.canLoadNextPage == false)
    fixture.send(.loadNextPage)
    #expect(fixture.state == loaded)
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func aQueryWithoutResultsHasNoNextPage(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture)
    let loaded = await fixture.search("zzzzzz")
    #expect(loaded?.repos == [])
    #expect(loaded?.totalCount == 0)
    #expect(loaded?.nextPage == nil)
  }

  @Test(arguments: SearchArchitecture.allCases)
  func repositoriesSeenOnAnEarlierPageAreNotAppendedAgain(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      // Results shifted between the requests: 3 and 2 come back on page 2; 7 twice on page 3.
      $0.pages["swift"] = [
        .page(1...3), [.fixture(3), .fixture(4), .fixture(2), .fixture(5)], [.fixture(7), .fixture(7)],
      ]
    }
    await fixture.search("swift")
    fixture.send(.loadNextPage)
    await fixture.answer(Request("swift", page: 2))
    let second = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(second?.repos.map(\.id) == [1, 2, 3, 4, 5])
    fixture.send(.loadNextPage)
    await fixture.answer(Request("swift", page: 3))
    let third = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(third?.repos.map(\.id) == [1, 2, 3, 4, 5, 7])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func aFirstPageWithTheSameRepositoryTwiceShowsItOnce(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [[.fixture(1), .fixture(2), .fixture(1)]] }
    let loaded = await fixture.search("swift")
    #expect(loaded?.repos.map(\.id) == [1, 2])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func aNewQueryStartsFromItsFirstPage(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6)]
      $0.pages["rust"] = [.page(101...103), .page(104...106)]
    }
    await fixture.search("swift")
    fixture.send(.loadNextPage)
    await fixture.answer(Request("swift", page: 2))
    await fixture.expectState { $0.repos.count == 6 }
    let rust = await fixture.search("rust")
    #expect(rust?.repos == .page(101...103))
    #expect(rust?.nextPage == 2)
  }
}
