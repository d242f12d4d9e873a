@testable import OctoreactMVVM
import Testing

@Suite struct ThrottleStateMachineTests {
  /// The value to deliver now and the timer to start, when there is one.
  private func delivered(_ action: ThrottleStateMachine<String>.SubmitAction) -> (String, UInt64)? {
    if case .deliverAndStartTimer(let value, let generation) = action { return (value, generation) }
    return nil
  }

  @Test func theFirstValueGoesAtOnceAndLaterOnesAreHeldLatestFirst() {
    var machine = ThrottleStateMachine<String>()

    #expect(delivered(machine.submit("o"))?.0 == "o")
    #expect(delivered(machine.submit("oc")) == nil)
    #expect(delivered(machine.submit("oct")) == nil)

    #expect(machine.held == "oct")
  }

  @Test func theTimerDeliversTheHeldValueAndOpensANewInterval() throws {
    var machine = ThrottleStateMachine<String>()
    let (_, first) = try #require(delivered(machine.submit("a")))
    _ = machine.submit("b")

    guard case .deliverAndStartTimer("b", let second) = machine.timerFired(generation: first) else {
      Issue.record("expected the held value")
      return
    }
    #expect(second != first)
    #expect(machine.isWindowOpen)
    guard case .closeWindow = machine.timerFired(generation: second) else {
      Issue.record("expected the window to close")
      return
    }
    #expect(delivered(machine.submit("c"))?.0 == "c")
  }

  @Test func flushDeliversTheHeldValueAndTheNextValueGoesAtOnce() {
    var machine = ThrottleStateMachine<String>()
    _ = machine.submit("a")
    _ = machine.submit("b")

    #expect(machine.flush() == "b")
    #expect(machine.flush() == nil)
    #expect(delivered(machine.submit("c"))?.0 == "c")
  }

  /// The race: the first interval's timer has woken, then `flush()` ends that interval, "c" opens
  /// a new one and "d" is held in it; only then does the woken timer report. Without the generation
  /// check it delivered "d" at once, less than an interval after "c".
  @Test func aTimerThatWokeBeforeAFlushIsIgnoredWhenItReportsLate() throws {
    var machine = ThrottleStateMachine<String>()
    let (_, stale) = try #require(delivered(machine.submit("a")))
    _ = machine.submit("b")
    #expect(machine.flush() == "b")
    let (_, current) = try #require(delivered(machine.submit("c")))
    _ = machine.submit("d")

    guard case .ignore = machine.timerFired(generation: stale) else {
      Issue.record("a stale timer delivered a value within the new interval")
      return
    }
    #expect(machine.held == "d")
    guard case .deliverAndStartTimer("d", _) = machine.timerFired(generation: current) else {
      Issue.record("expected the current timer to deliver the held value")
      return
    }
  }

  @Test func aTimerThatWokeBeforeAFlushIsIgnoredWhenNothingFollows() throws {
    var machine = ThrottleStateMachine<String>()
    let (_, stale) = try #require(delivered(machine.submit("a")))
    _ = machine.flush()

    guard case .ignore = machine.timerFired(generation: stale) else {
      Issue.record("expected the stale timer to be ignored")
      return
    }
    #expect(!machine.isWindowOpen)
  }
}
