import Clocks
import Testing
@testable import WebApp

/// Pausing the listening socket when `accept` runs out of descriptors, in virtual time.
struct AcceptPauseStateMachineTests {
  typealias Machine = AcceptPauseStateMachine<TestClock<Duration>.Instant>

  let t0 = TestClock<Duration>().now

  func at(milliseconds: Int) -> TestClock<Duration>.Instant { t0.advanced(by: .milliseconds(milliseconds)) }

  @Test func aFailedAcceptPausesAcceptingAndTheTimerResumesIt() {
    var machine = Machine()
    #expect(machine.acceptFailed(at: t0) == .pause(until: at(milliseconds: 50), log: true))
    #expect(machine.resumeTimerFired() == .resume)
  }

  @Test func failuresWhilePausedChangeNothing() {
    var machine = Machine()
    _ = machine.acceptFailed(at: t0)
    #expect(machine.acceptFailed(at: at(milliseconds: 1)) == .none)
    #expect(machine.acceptFailed(at: at(milliseconds: 2)) == .none)
  }

  @Test func thePauseDoublesWhileFailuresGoOnUpToOneSecond() {
    var machine = Machine()
    var now = 0
    var pauses: [Int] = []
    for _ in 0..<7 {
      guard case .pause(let until, _) = machine.acceptFailed(at: at(milliseconds: now)) else {
        Issue.record("no pause")
        return
      }
      let pause = at(milliseconds: now).duration(to: until)
      pauses.append(Int(pause.components.seconds * 1000 + pause.components.attoseconds / 1_000_000_000_000_000))
      now += pauses.last!
      _ = machine.resumeTimerFired()
    }
    #expect(pauses == [50, 100, 200, 400, 800, 1000, 1000])
  }

  @Test func aSuccessfulAcceptResetsThePause() {
    var machine = Machine()
    _ = machine.acceptFailed(at: t0)
    _ = machine.resumeTimerFired()
    _ = machine.acceptFailed(at: at(milliseconds: 50))
    _ = machine.resumeTimerFired()
    machine.accepted()
    #expect(machine.acceptFailed(at: at(milliseconds: 200)) == .pause(until: at(milliseconds: 250), log: false))
  }

  @Test func atMostOneLogLinePerTenSeconds() {
    var machine = Machine()
    var lines = 0
    var now = 0
    while now < 30_000 {
      if case .pause(_, true) = machine.acceptFailed(at: at(milliseconds: now)) {
        lines += 1
        machine.logged()
      }
      _ = machine.resumeTimerFired()
      machine.accepted()  // the worst case: a descriptor frees up between every failure
      now += 50
    }
    #expect(lines == 3)
  }

  @Test func theLogLineCountsTheFailuresSinceThePreviousOne() {
    var machine = Machine()
    _ = machine.acceptFailed(at: t0)
    machine.logged()
    _ = machine.acceptFailed(at: at(milliseconds: 1))
    _ = machine.resumeTimerFired()
    _ = machine.acceptFailed(at: at(milliseconds: 200))
    #expect(machine.failuresSinceLog == 2)
  }
}
