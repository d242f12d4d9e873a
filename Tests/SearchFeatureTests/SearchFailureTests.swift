import Clocks
import Foundation
import OctoreactCore
import OctoreactTesting
import SearchFeature
import Testing

/// Failed requests become state with a retry, instead of the example's empty list (design section 2).
@Suite(.timeLimit(.minutes(1)))
struct SearchFailureTests {
  typealias Request = FakeSearchServer.Request

  @Test(arguments: SearchArchitecture.allCases)
  func failedFirstPageThenRetry(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6)]
      $0.failures[Request("swift", page: 1)] = [.unavailable]
    }
    fixture.send(.updateQuery("swift"))
    await fixture.answer(Request("swift", page: 1))
    let failed = await fixture.expectState { !$0.isLoading }
    #expect(failed?.failure == .unavailable)
    #expect(failed?.failedPage == 1)
    #expect(failed?.repos == [])
    #expect(failed?.canLoadNextPage == false)
    // when
    fixture.send(.retry)
    // then the same request is made again, the failure gone while it runs
    #expect(fixture.state.isLoading)
    #expect(fixture.state.failure == nil)
    await fixture.answer(Request("swift", page: 1))
    let loaded = await fixture.expectState { !$0.isLoading }
    #expect(loaded?.repos == .page(1...3))
    #expect(loaded?.failure == nil)
    #expect(loaded?.failedPage == nil)
    #expect(fixture.server.requests == [Request("swift", page: 1), Request("swift", page: 1)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func failedNextPageKeepsTheResultsAndRetriesThatPage(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6), .page(7...9)]
      $0.failures[Request("swift", page: 2)] = [.unavailable]
    }
    await fixture.search("swift")
    fixture.send(.loadNextPage)
    await fixture.answer(Request("swift", page: 2))
    let failed = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(failed?.failure == .unavailable)
    #expect(failed?.failedPage == 2)
    #expect(failed?.repos == .page(1...3))
    #expect(failed?.nextPage == 2)
    // Scrolling does not retry on its own while the failure is shown.
    fixture.send(.loadNextPage)
    #expect(fixture.state == failed)
    fixture.send(.retry)
    #expect(fixture.state.isLoadingNextPage)
    #expect(!fixture.state.isLoading)
    #expect(fixture.state.failure == nil)
    await fixture.answer(Request("swift", page: 2))
    let loaded = await fixture.expectState { !$0.isLoadingNextPage }
    #expect(loaded?.repos == .page(1...6))
    #expect(loaded?.nextPage == 3)
    #expect(loaded?.failure == nil)
    await fixture.settle()
    #expect(
      fixture.server.requests == [Request("swift", page: 1), Request("swift", page: 2), Request("swift", page: 2)]
    )
  }

  @Test(arguments: SearchArchitecture.allCases)
  func rateLimitIsShownAndRetryAfterItWorks(_ architecture: SearchArchitecture) async {
    let resetsAt = Date(timeIntervalSince1970: 1_700_000_042)
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3)]
      $0.failures[Request("swift", page: 1)] = [.rateLimited(resetsAt: resetsAt)]
    }
    fixture.send(.updateQuery("swift"))
    await fixture.answer(Request("swift", page: 1))
    let limited = await fixture.expectState { !$0.isLoading }
    #expect(limited?.failure == .rateLimited(resetsAt: resetsAt))
    fixture.send(.retry)
    await fixture.answer(Request("swift", page: 1))
    let loaded = await fixture.expectState { !$0.isLoading }
    #expect(loaded?.repos == .page(1...3))
    #expect(loaded?.failure == nil)
  }

  @Test(arguments: SearchArchitecture.allCases)
  func invalidQueryCarriesGitHubsMessage(_ architecture: SearchArchitecture) async {
    let message = "The search contains only logical operators (AND / OR / NOT) without any search terms."
    let fixture = SearchFixture(architecture) { $0.failures[Request("AND", page: 1)] = [.invalidQuery(message: message)] }
    fixture.send(.updateQuery("AND"))
    await fixture.answer(Request("AND", page: 1))
    let failed = await fixture.expectState { !$0.isLoading }
    #expect(failed?.failure == .invalidQuery(message: message))
  }

  @Test(arguments: SearchArchitecture.allCases)
  func newQueryClearsTheFailure(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["rust"] = [.page(101...103)]
      $0.failures[Request("swift", page: 1)] = [.unavailable]
    }
    fixture.send(.updateQuery("swift"))
    await fixture.answer(Request("swift", page: 1))
    await fixture.expectState { $0.failure != nil }
    fixture.send(.updateQuery("rust"))
    #expect(fixture.state.failure == nil)
    #expect(fixture.state.failedPage == nil)
    #expect(fixture.state.isLoading)
    await fixture.answer(Request("rust", page: 1))
    let loaded = await fixture.expectState { !$0.isLoading }
    #expect(loaded?.repos == .page(101...103))
  }

  @Test(arguments: SearchArchitecture.allCases)
  func blankQueryClearsTheFailureAndRetryThenDoesNothing(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.failures[Request("swift", page: 1)] = [.unavailable] }
    fixture.send(.updateQuery("swift"))
    await fixture.answer(Request("swift", page: 1))
    await fixture.expectState { $0.failure != nil }
    fixture.send(.updateQuery(nil))
    fixture.send(.retry)
    #expect(fixture.state == SearchReactor.State())
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1)])
  }

  @Test(arguments: SearchArchitecture.allCases)
  func failedFirstPageOfANewQueryClearsTheOlderQuerysResults(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) {
      $0.pages["swift"] = [.page(1...3), .page(4...6)]
      $0.failures[Request("rust", page: 1)] = [.unavailable]
    }
    await fixture.search("swift")
    fixture.send(.updateQuery("rust"))
    await fixture.answer(Request("rust", page: 1))
    let failed = await fixture.expectState { !$0.isLoading }
    #expect(failed?.query == "rust")
    #expect(failed?.failure == .unavailable)
    // The error is this query's: the older query's results and count do not stay under it.
    #expect(failed?.repos == [])
    #expect(failed?.totalCount == nil)
    #expect(failed?.canLoadNextPage == false)
  }

  @Test(arguments: SearchArchitecture.allCases)
  func retryWithoutAFailureDoesNothing(_ architecture: SearchArchitecture) async {
    let fixture = SearchFixture(architecture) { $0.pages["swift"] = [.page(1...3)] }
    fixture.send(.retry)
    #expect(fixture.state == SearchReactor.State())
    let loaded = await fixture.search("swift")
    fixture.send(.retry)
    #expect(fixture.state == loaded)
    await fixture.settle()
    #expect(fixture.server.requests == [Request("swift", page: 1)])
  }
}
