import Clocks
import Testing
@testable import WebApp

/// The write deadline rule in virtual time: each test feeds writability changes at chosen instants.
struct WriteDeadlineStateMachineTests {
  typealias Machine = WriteDeadlineStateMachine<TestClock<Duration>.Instant>

  let t0 = TestClock<Duration>().now

  func at(_ seconds: Double) -> TestClock<Duration>.Instant { t0.advanced(by: .seconds(seconds)) }

  @Test func aChannelUnwritableForTheTimeoutIsClosed() {
    var machine = Machine(timeout: .seconds(30))
    #expect(machine.writabilityChanged(isWritable: false, at: at(1)) == .scheduleTimer(at: at(31)))
    #expect(machine.timerFired(at: at(31)) == .close)
    #expect(machine.isArmed == false)
  }

  @Test func becomingWritableAgainDisarmsTheDeadline() {
    var machine = Machine(timeout: .seconds(30))
    _ = machine.writabilityChanged(isWritable: false, at: at(1))
    #expect(machine.writabilityChanged(isWritable: true, at: at(20)) == .cancelTimer)
    #expect(machine.isArmed == false)
    // A timer that fired while being cancelled finds nothing to do.
    #expect(machine.timerFired(at: at(31)) == Machine.Action.none)
  }

  @Test func theDeadlineRunsFromTheFirstUnwritableMomentNotTheLatest() {
    var machine = Machine(timeout: .seconds(30))
    _ = machine.writabilityChanged(isWritable: false, at: at(1))
    #expect(machine.writabilityChanged(isWritable: false, at: at(10)) == Machine.Action.none)
    #expect(machine.timerFired(at: at(31)) == .close)
  }

  @Test func eachStallGetsAFullTimeoutOfItsOwn() {
    var machine = Machine(timeout: .seconds(30))
    _ = machine.writabilityChanged(isWritable: false, at: at(1))
    _ = machine.writabilityChanged(isWritable: true, at: at(29))
    #expect(machine.writabilityChanged(isWritable: false, at: at(40)) == .scheduleTimer(at: at(70)))
    #expect(machine.timerFired(at: at(69)) == .scheduleTimer(at: at(70)))  // early: it re-arms
    #expect(machine.timerFired(at: at(70)) == .close)
  }

  @Test func aWritableChannelIsNeverTimed() {
    var machine = Machine(timeout: .seconds(30))
    #expect(machine.writabilityChanged(isWritable: true, at: at(1)) == Machine.Action.none)
    #expect(machine.timerFired(at: at(1000)) == Machine.Action.none)
  }

  @Test func nothingHappensAfterTheClose() {
    var machine = Machine(timeout: .seconds(30))
    _ = machine.writabilityChanged(isWritable: false, at: at(1))
    _ = machine.timerFired(at: at(31))
    #expect(machine.writabilityChanged(isWritable: true, at: at(32)) == Machine.Action.none)
    #expect(machine.writabilityChanged(isWritable: false, at: at(33)) == Machine.Action.none)
    #expect(machine.timerFired(at: at(100)) == Machine.Action.none)
  }
}
