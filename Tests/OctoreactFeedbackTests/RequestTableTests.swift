@testable import OctoreactFeedback
import Testing

/// The rule of `react(request:)` and `react(requests:)` alone: which effects start and which are
/// cancelled for each new set of wanted requests (no task, no lock, no time).
@Suite
struct RequestTableTests {
  typealias Table = RequestTable<String>

  @Test func aRequestThatAppearsStartsItsEffect() {
    var table = Table()
    let changes = table.update(to: ["a"])
    #expect(changes == Table.Changes(cancelled: [], started: [.init(request: "a", generation: 1)]))
    #expect(table.isLive(1))
  }

  @Test func noRequestStartsNothing() {
    var table = Table()
    let changes = table.update(to: [])
    #expect(changes.isEmpty)
    #expect(table.running.isEmpty)
  }

  @Test func anUnchangedRequestKeepsItsEffect() {
    var table = Table()
    _ = table.update(to: ["a"])
    let changes = table.update(to: ["a"])
    #expect(changes.isEmpty)
    #expect(table.isLive(1))
  }

  @Test func aChangedRequestCancelsTheOlderEffectAndStartsANewerOne() {
    var table = Table()
    _ = table.update(to: ["a"])
    let changes = table.update(to: ["b"])
    #expect(changes == Table.Changes(cancelled: [1], started: [.init(request: "b", generation: 2)]))
    #expect(!table.isLive(1))
    #expect(table.isLive(2))
  }

  @Test func aRequestThatGoesAwayIsCancelled() {
    var table = Table()
    _ = table.update(to: ["a"])
    let changes = table.update(to: [])
    #expect(changes == Table.Changes(cancelled: [1], started: []))
    #expect(!table.isLive(1))
    #expect(table.running.isEmpty)
  }

  @Test func aRequestThatComesBackGetsANewGeneration() {
    var table = Table()
    _ = table.update(to: ["a"])
    _ = table.update(to: [])
    let changes = table.update(to: ["a"])
    #expect(changes.started == [.init(request: "a", generation: 2)])
    #expect(!table.isLive(1))
    #expect(table.isLive(2))
  }

  @Test func eachRequestOfASetStartsAndIsCancelledOnItsOwn() {
    var table = Table()
    let first = table.update(to: ["a", "b"])
    #expect(first.started == [.init(request: "a", generation: 1), .init(request: "b", generation: 2)])
    let second = table.update(to: ["b", "c"])
    #expect(second == Table.Changes(cancelled: [1], started: [.init(request: "c", generation: 3)]))
    #expect(table.running == ["b": 2, "c": 3])
    let third = table.update(to: [])
    #expect(third.cancelled == [2, 3])
  }

  @Test func aRequestWantedTwiceStartsOnce() {
    var table = Table()
    let changes = table.update(to: ["a", "a"])
    #expect(changes.started == [.init(request: "a", generation: 1)])
    #expect(table.running == ["a": 1])
  }

  @Test func aGenerationNeverStartedIsNotLive() {
    let table = Table()
    #expect(!table.isLive(0))
    #expect(!table.isLive(1))
  }
}
