import Clocks
import Foundation
import OctoreactCore
import OctoreactTesting
import SearchFeature
import Testing

/// Random sessions of typing, scrolling, retrying and waiting, with random answer times and
/// failures: whatever the order answers arrive in, the screen only ever shows the current query's
/// pages, in order, each repository once.
@Suite(.timeLimit(.minutes(2)))
struct SearchSessionPropertyTests {
  /// The queries with results, disjoint from each other.
  static let queries = ["swift", "rust", "go"]

  /// Every page of `query`'s results; ids start at 1,000 × the query's position, so a repository
  /// tells which query it belongs to. Page 3 repeats a repository of page 2.
  static func pages(of query: String) -> [[Repository]] {
    let base = Int64((queries.firstIndex(of: query) ?? 0) + 1) * 1000
    return [.page(base + 1...base + 3), .page(base + 4...base + 6), [.fixture(base + 6), .fixture(base + 7)]]
  }

  /// What a settled screen shows for `query` when `nextPage` is the next page to load.
  static func expectedRepos(of query: String, nextPage: Int?) -> [Repository] {
    let pages = pages(of: query)
    let loaded = nextPage.map { $0 - 1 } ?? pages.count
    var seen = Set<Int64>()
    return pages.prefix(loaded).joined().filter { seen.insert($0.id).inserted }
  }

  /// Whether `state` shows `query` just sent: blank, the cleared screen; otherwise its first page loading.
  static func isStarted(_ query: String?, in state: SearchReactor.State) -> Bool {
    guard state.query == query else { return false }
    guard let query, !query.allSatisfy(\.isWhitespace) else {
      var cleared = SearchReactor.State()
      cleared.query = query
      return state == cleared
    }
    return state.isLoading && !state.isLoadingNextPage && state.failure == nil
  }

  @Test(arguments: SearchArchitecture.allCases, 0..<25 as Range<UInt64>)
  func randomSessionShowsOnlyTheCurrentQuerysPages(_ architecture: SearchArchitecture, seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let delays = (0..<200).map { _ in Duration.milliseconds(50 * Int.random(in: 1...6, using: &random)) }
    let failures: [SearchFailure?] = (0..<200).map { _ in
      switch Int.random(in: 0..<10, using: &random) {
      case 0: .unavailable
      case 1: .rateLimited(resetsAt: Date(timeIntervalSince1970: 1_700_000_000))
      default: nil
      }
    }
    let fixture = SearchFixture(architecture) { config in
      for query in Self.queries { config.pages[query] = Self.pages(of: query) }
      config.callDelays = delays
      config.callFailures = failures
    }

    for _ in 0..<60 {
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<4:
        // One query in eight is blank.
        let pool: [String?] = Int.random(in: 0..<8, using: &random) == 0 ? [nil, "", "  "] : ["swift", "rust", "go"]
        let query = pool.randomElement(using: &random)!
        fixture.send(.updateQuery(query))
        // Every answer takes at least 50 ms, and the clock has not moved, so no answer can change what
        // follows. The action is applied before `send` returns, or, when a task was delivering an earlier
        // answer on another thread at that moment, by that thread before it lets go: wait for that.
        var state = fixture.state
        for _ in 0..<10_000 where !Self.isStarted(query, in: state) {
          await Task.yield()
          state = fixture.state
        }
        #expect(state.query == query)
        if let query, !query.allSatisfy(\.isWhitespace) {
          #expect(state.isLoading && !state.isLoadingNextPage && state.failure == nil)
        } else {
          var cleared = SearchReactor.State()
          cleared.query = query
          #expect(state == cleared)
        }
      case 4..<10:
        fixture.send(.loadNextPage)
      case 10:
        fixture.send(.retry)
      default:
        await fixture.clock.advance(by: .milliseconds(50 * Int.random(in: 0...6, using: &random)))
      }
    }

    // Let every request still running be answered; a finished task has applied its mutation.
    while fixture.runningTaskCount > 0 {
      await fixture.clock.advance(by: .seconds(10))
    }
    let final = fixture.state
    #expect(!final.isLoading && !final.isLoadingNextPage)
    await fixture.recorder.first { $0 == final }
    for state in fixture.recorder.values {
      Self.checkInvariants(state)
    }
  }

  static func checkInvariants(_ state: SearchReactor.State, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      Set(state.repos.map(\.id)).count == state.repos.count, "a repository shown twice", sourceLocation: sourceLocation
    )
    #expect(!(state.isLoading && state.isLoadingNextPage), sourceLocation: sourceLocation)
    if state.failure != nil {
      #expect(!state.isLoading && !state.isLoadingNextPage && state.failedPage != nil, sourceLocation: sourceLocation)
    }
    guard let terms = state.searchTerms else {
      var cleared = SearchReactor.State()
      cleared.query = state.query
      #expect(state == cleared, "a blank query shows nothing", sourceLocation: sourceLocation)
      return
    }
    // While a new query's first page loads, or after it failed, the older results stay shown;
    // otherwise exactly the pages loaded so far of this query are.
    if !state.isLoading && state.failedPage != 1 {
      #expect(
        state.repos == expectedRepos(of: terms, nextPage: state.nextPage),
        "\(state.repos.map(\.id)) for \(terms), next page \(state.nextPage.map(String.init) ?? "none")",
        sourceLocation: sourceLocation
      )
    }
  }
}
