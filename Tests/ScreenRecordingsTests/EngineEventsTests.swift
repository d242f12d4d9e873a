import Clocks
import SearchFeature
import Testing
@testable import ScreenRecordings

/// What each engine's hook reports to an inspector (`EngineEvents`); the Signup screen's, with its
/// passwords, is tested with the live page that shows it (`LiveInspectorTests`).
@Suite(.timeLimit(.minutes(1)))
struct EngineEventsTests {
  /// The events a screen reports, read as they come until `done` says enough arrived.
  static func events(
    of makeScreen: (@escaping InspectorSink) -> any SearchScreen, _ actions: [SearchReactor.Action],
    until done: ([InspectedEvent]) -> Bool
  ) async -> [InspectedEvent] {
    let (stream, continuation) = AsyncStream.makeStream(of: InspectedEvent.self)
    let screen = makeScreen { continuation.yield($0) }
    for action in actions { screen.send(action) }
    var events: [InspectedEvent] = []
    for await event in stream {
      events.append(event)
      if done(events) { break }
    }
    return events
  }

  /// A client whose searches answer only when cancelled: a newer query always supersedes the one in flight.
  static func pendingClient(_ clock: TestClock<Duration>) -> RepositorySearchClient {
    RepositorySearchClient { _, _ throws(SearchFailure) in
      do { try await clock.sleep(for: .seconds(3600)) } catch { throw .unavailable }
      throw .unavailable
    }
  }

  @Test func aSearchReactorDrawsItsActionsStatesAndTheSupersededSearch() async {
    let client = Self.pendingClient(TestClock())
    let events = await Self.events(
      of: { SearchInspection.makeScreen(.reactor, client: client, report: $0) },
      [.updateQuery("swift"), .updateQuery("swift nio")]
    ) { $0.contains { $0.phase == .cancelled } && $0.filter { $0.phase == .started }.count == 2 }
    #expect(Set(events.map(\.lane)).isSuperset(of: ["action", "mutation", "state", "effect"]))
    let cancelled = events.first { $0.phase == .cancelled }
    let started = events.first { $0.phase == .started && $0.effect == cancelled?.effect }
    #expect(started?.text.contains("\"swift\"") == true)
  }

  @Test func aSearchFeedbackSystemDrawsEachLoopsRequests() async {
    let client = Self.pendingClient(TestClock())
    let events = await Self.events(
      of: { SearchInspection.makeScreen(.feedback, client: client, report: $0) },
      [.updateQuery("swift"), .updateQuery("swift nio")]
    ) { $0.contains { $0.lane == "first page" && $0.phase == .cancelled } }
    #expect(events.first?.lane == "state" && events.first?.text == "initial")
    #expect(events.contains { $0.lane == "event" && $0.text.contains("swift nio") })
  }

  @Test func changedFieldsNamesWhatDiffersInDeclarationOrder() {
    struct Form { var name = "", age = 0, tags: [String] = [] }
    var changed = Form()
    changed.age = 3
    changed.tags = ["a"]
    #expect(DescribedFields(changed).changed(from: DescribedFields(Form())) == ["age", "tags"])
    #expect(DescribedFields(changed).changed(from: DescribedFields(changed)).isEmpty)
    #expect(DescribedFields(2).changed(from: DescribedFields(1)) == ["value"])
  }
}
