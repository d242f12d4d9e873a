import Testing

@testable import PostgresDatabase

/// The transitions of what a pool knows of its server's reachability, alone: waiters are strings here.
struct ReachabilityStateMachineTests {
  typealias Machine = ReachabilityStateMachine<String>

  @Test func theFirstCheckStartsOneProbeThatAnswersEveryCheckMeanwhile() {
    var machine = Machine()
    let first = machine.check("a")
    let second = machine.check("b")
    guard case .startProbe = first.action, case .wait = second.action else {
      Issue.record("\(first.action), \(second.action)")
      return
    }
    #expect(machine.state == .probing)
    let finished = machine.probeFinished(nil)
    #expect(Set(finished.waiters) == ["a", "b"])
    #expect(finished.result == nil)
    #expect(!finished.startsRecovery)
    #expect(machine.state == .reachable)
  }

  @Test func aFailedProbeMakesLaterChecksAnswerAtOnceAndStartsRecovery() {
    var machine = Machine()
    _ = machine.check("a")
    let finished = machine.probeFinished("connection refused")
    #expect(finished.waiters == ["a"])
    #expect(finished.result == "connection refused")
    #expect(finished.startsRecovery)
    #expect(machine.unreachableReason == "connection refused")
    guard case .answer(let reason) = machine.check("b").action else {
      Issue.record("a check of an unreachable server waits")
      return
    }
    #expect(reason == "connection refused")
  }

  @Test func aCancelledCheckIsTakenOutOnceAndNeverAnsweredTwice() {
    var machine = Machine()
    let first = machine.check("a")
    _ = machine.check("b")
    let cancelled = machine.cancel(first.id)
    let cancelledAgain = machine.cancel(first.id)
    #expect(cancelled == "a")
    #expect(cancelledAgain == nil)
    let finished = machine.probeFinished(nil)
    #expect(finished.waiters == ["b"])
    // Cancelled after its answer: nothing left to answer.
    let late = machine.cancel(first.id + 1)
    #expect(late == nil)
  }

  @Test func recoveryResumesTheTasksWaitingForTheServer() {
    var machine = Machine()
    let early = machine.waitUntilReachable("early")
    #expect(early, "a reachable server needs no wait")
    _ = machine.check("a")
    _ = machine.probeFinished("refused")
    let first = machine.waitUntilReachable("w1")
    let second = machine.waitUntilReachable("w2")
    #expect(!first && !second)
    let resumed = machine.recovered()
    #expect(resumed == ["w1", "w2"])
    #expect(machine.state == .reachable)
    let resumedAgain = machine.recovered()
    #expect(resumedAgain.isEmpty, "recovering twice resumes nobody twice")
    guard case .startProbe = machine.check("b").action else {
      Issue.record("a reachable server is probed again when an operation waits")
      return
    }
  }

  @Test func closingAnswersEveryWaiterAndAProbeAfterwardsStartsNoRecovery() {
    var machine = Machine()
    _ = machine.check("a")
    let answered = machine.close()
    #expect(answered == ["a"])
    let finished = machine.probeFinished("refused")
    #expect(finished.waiters.isEmpty)
    #expect(!finished.startsRecovery)
    #expect(machine.state == .closed)
    guard case .answer(nil) = machine.check("b").action else {
      Issue.record("a closed machine keeps a check waiting")
      return
    }
  }
}
