import Clocks
import Foundation
import OctoreactCore
import OctoreactTesting
import SearchFeature
import Synchronization
import Testing
@testable import WebApp

/// The binding rule of a live Search page, in virtual time: the query is throttled (300 ms, the
/// examples' `throttle`) before it becomes an action; more results and retry are not.
@Suite(.timeLimit(.minutes(1)))
struct LiveSearchSessionTests {
  /// A client that records the queries it is asked, and answers at once with one result.
  final class RecordingClient: Sendable {
    let queries = Mutex<[String]>([])
    var client: RepositorySearchClient {
      RepositorySearchClient { [self] query, page throws(SearchFailure) in
        self.queries.withLock { $0.append(page == 1 ? query : "\(query)#\(page)") }
        let repository = Repository(id: Int64(page), fullName: "o/\(query)", htmlURL: "https://github.com/o/\(query)")
        return SearchPage(repositories: [repository], totalCount: 90, nextPage: page < 3 ? page + 1 : nil)
      }
    }
  }

  @Test func fastTypingSearchesTheFirstTextAndThenTheLatestPerInterval() async throws {
    let clock = TestClock()
    let recording = RecordingClient()
    let reactor = ReactorSearchScreen(client: recording.client)
    let session = LiveSearchScreen(
      screen: reactor, messages: SearchMessages(), queryThrottle: .milliseconds(300), clock: clock)
    let recorder = reactor.store.record(clock: clock)
    for text in ["s", "sw", "swi", "swif"] {
      session.handle(.updateQuery(text))
      // The first text opens the throttle's interval: its timer must be asleep before time moves.
      if text == "s" { await clock.waitForSleeper() }
      await clock.advance(by: .milliseconds(50))
    }
    #expect(reactor.store.currentState.query == "s")
    await clock.advance(by: .milliseconds(150))
    let latest = await recorder.first { $0.query == "swif" && !$0.isLoading }
    #expect(latest?.repos.map(\.fullName) == ["o/swif"])
    await clock.advance(by: .seconds(1))
    #expect(recording.queries.withLock { $0 } == ["s", "swif"])
  }

  @Test func moreResultsAndRetryAreNotThrottled() async throws {
    let clock = TestClock()
    let recording = RecordingClient()
    let reactor = ReactorSearchScreen(client: recording.client)
    let session = LiveSearchScreen(
      screen: reactor, messages: SearchMessages(), queryThrottle: .milliseconds(300), clock: clock)
    let recorder = reactor.store.record(clock: clock)
    session.handle(.updateQuery("nio"))
    _ = await recorder.first { $0.repos.count == 1 && !$0.isLoading }
    session.handle(.loadNextPage)
    let more = await recorder.first { $0.repos.count == 2 && !$0.isLoadingNextPage }
    #expect(more != nil)
    #expect(recording.queries.withLock { $0 } == ["nio", "nio#2"])
  }
}
