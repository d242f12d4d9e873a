import Testing
@testable import AccountStore

/// Which hashes run, wait or are refused, step by step.
struct HashAdmissionStateMachineTests {
  @Test func runsUpToTheLimitThenQueuesThenRefuses() {
    var machine = HashAdmissionStateMachine(maxRunning: 2, maxWaiting: 1)
    let actions = (0..<4).map { machine.admit($0) }
    #expect(actions == [.run, .run, .wait, .reject(retryAfter: .seconds(1))])
    #expect(machine.running == 2 && machine.waiting == [2])
  }

  @Test func aFinishedHashHandsItsPlaceToTheOldestWaiter() {
    var machine = HashAdmissionStateMachine(maxRunning: 1, maxWaiting: 3)
    let actions = (0..<3).map { machine.admit($0) }
    #expect(actions == [.run, .wait, .wait])
    let next = machine.finished(took: .milliseconds(250))
    #expect(next == 1 && machine.running == 1 && machine.waiting == [2])
    let then = [machine.finished(took: .milliseconds(250)), machine.finished(took: .milliseconds(250))]
    #expect(then == [2, nil])
    #expect(machine.running == 0)
    let again = machine.admit(3)
    #expect(again == .run)
  }

  @Test func aNewcomerDoesNotOvertakeTheLine() {
    var machine = HashAdmissionStateMachine(maxRunning: 1, maxWaiting: 2)
    _ = machine.admit(0)
    _ = machine.admit(1)
    // The place freed goes to the waiter, so a newcomer still waits behind it.
    let next = machine.finished(took: .milliseconds(10))
    let newcomer = machine.admit(2)
    #expect(next == 1 && newcomer == .wait)
  }

  @Test func aCancelledWaiterLeavesTheLine() {
    var machine = HashAdmissionStateMachine(maxRunning: 1, maxWaiting: 1)
    _ = machine.admit(0)
    _ = machine.admit(1)
    let withdrawn = machine.cancelled(1)
    let withdrawnAgain = machine.cancelled(1)
    let runningWithdrawn = machine.cancelled(0)  // running work is not withdrawn
    #expect(withdrawn && !withdrawnAgain && !runningWithdrawn)
    let newcomer = machine.admit(2)
    let next = machine.finished(took: .milliseconds(10))
    #expect(newcomer == .wait && next == 2)
  }

  @Test func noLineRefusesAtOnceWhenEveryPlaceIsTaken() {
    var machine = HashAdmissionStateMachine(maxRunning: 1, maxWaiting: 0)
    let actions = (0..<2).map { machine.admit($0) }
    #expect(actions == [.run, .reject(retryAfter: .seconds(1))])
  }

  @Test func retryAfterEstimatesTheWorkAheadFromMeasuredHashes() {
    var machine = HashAdmissionStateMachine(maxRunning: 2, maxWaiting: 4)
    for id in 0..<6 { _ = machine.admit(id) }
    let next = machine.finished(took: .seconds(2))
    // 2 running and 4 waiting, 2 s a hash, 2 places: 3 rounds, 6 s.
    let actions = [machine.admit(6), machine.admit(7)]
    #expect(next == 2 && actions == [.wait, .reject(retryAfter: .seconds(6))])
    // The average follows newer measures.
    _ = machine.finished(took: .seconds(6))
    #expect(machine.averageWork == .seconds(3))
  }
}
