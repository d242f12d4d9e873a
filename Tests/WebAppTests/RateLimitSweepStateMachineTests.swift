import Testing
@testable import WebApp

/// When an instance sweeps expired windows from the shared rate-limit table.
struct RateLimitSweepStateMachineTests {
  func sweep(_ machine: inout RateLimitSweepStateMachine, _ now: Int) -> Bool { machine.shouldSweep(now: now) }

  @Test func theFirstCountedRequestSweeps() {
    var machine = RateLimitSweepStateMachine(intervalSeconds: 60)
    #expect(sweep(&machine, 1_000) == true)
  }

  @Test func oneSweepAtATime() {
    var machine = RateLimitSweepStateMachine(intervalSeconds: 60)
    #expect(sweep(&machine, 1_000) == true)
    #expect(sweep(&machine, 1_000) == false)
    #expect(sweep(&machine, 5_000) == false, "still running, however late")
  }

  @Test func theNextSweepWaitsAnInterval() {
    var machine = RateLimitSweepStateMachine(intervalSeconds: 60)
    _ = machine.shouldSweep(now: 1_000)
    machine.finished(now: 1_001, deleted: 3, bound: 1_000)
    #expect(sweep(&machine, 1_060) == false)
    #expect(sweep(&machine, 1_061) == true)
  }

  @Test func aFullBatchSweepsAgainWithTheNextRequest() {
    var machine = RateLimitSweepStateMachine(intervalSeconds: 60)
    _ = machine.shouldSweep(now: 1_000)
    machine.finished(now: 1_001, deleted: 1_000, bound: 1_000)
    #expect(sweep(&machine, 1_001) == true)
  }

  @Test func aFailedSweepWaitsAnInterval() {
    var machine = RateLimitSweepStateMachine(intervalSeconds: 60)
    _ = machine.shouldSweep(now: 1_000)
    machine.finished(now: 1_002, deleted: 0, bound: 1_000)
    #expect(sweep(&machine, 1_003) == false)
    #expect(sweep(&machine, 1_062) == true)
  }
}
