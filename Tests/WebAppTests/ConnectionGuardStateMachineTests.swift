import Clocks
import Testing
@testable import WebApp

/// The connection deadline rules in virtual time: each test feeds events at chosen instants.
struct ConnectionGuardStateMachineTests {
  typealias Machine = ConnectionGuardStateMachine<TestClock<Duration>.Instant>

  let t0 = TestClock<Duration>().now
  let limits = ConnectionLimits(
    idleTimeout: .seconds(60), headTimeout: .seconds(10), bodyTimeout: .seconds(30))

  func at(_ seconds: Double) -> TestClock<Duration>.Instant { t0.advanced(by: .seconds(seconds)) }

  /// A machine that has read and answered one request, its last event at `t0 + 5 s`; the pending
  /// timer is the first head deadline (`t0 + 11 s`) and the idle deadline is `t0 + 65 s`.
  func afterOneExchange() -> Machine {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(2))
    _ = machine.requestEnded(at: at(2))
    machine.responseStarted()
    _ = machine.responseEnded(at: at(5))
    return machine
  }

  @Test func aNewConnectionIsClosedAfterTheIdleTimeout() {
    var machine = Machine(limits: limits)
    #expect(machine.opened(at: t0) == .scheduleTimer(at: at(60)))
    #expect(machine.timerFired(at: at(60)) == .close)
  }

  @Test func theFirstByteStartsTheHeadDeadlineAndLaterBytesDoNotMoveIt() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    #expect(machine.bytesReceived(at: at(1)) == .scheduleTimer(at: at(11)))
    for second in 2...10 {
      #expect(machine.bytesReceived(at: at(Double(second))) == Machine.Action.none)
    }
    #expect(machine.armed == .head)
    #expect(machine.timerFired(at: at(11)) == .respondAndClose(status: 408))
  }

  @Test func aCompleteHeadStartsTheBodyDeadline() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    #expect(machine.headReceived(at: at(2)) == Machine.Action.none)  // t0 + 32 s is after the pending t0 + 11 s
    #expect(machine.armed == .body)
    #expect(machine.timerFired(at: at(11)) == .scheduleTimer(at: at(32)))
    #expect(machine.timerFired(at: at(32)) == .respondAndClose(status: 408))
  }

  @Test func aBodyDeadlineAfterTheResponseClosesWithoutA408() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(2))
    machine.responseStarted()
    _ = machine.responseEnded(at: at(3))  // answered without reading the body
    #expect(machine.armed == .body)
    _ = machine.timerFired(at: at(11))
    #expect(machine.timerFired(at: at(32)) == .close)
  }

  @Test func nothingIsTimedWhileTheServerAnswers() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(2))
    _ = machine.requestEnded(at: at(2))
    #expect(machine.armed == nil)
    #expect(machine.timerFired(at: at(11)) == Machine.Action.none)
    #expect(machine.timerFired(at: at(1000)) == Machine.Action.none)
  }

  @Test func theEndOfAResponseRearmsTheIdleDeadlineFromThen() {
    var machine = afterOneExchange()
    #expect(machine.armed == .idle)
    // The pending timer (the old head deadline) fires first and re-arms itself for the idle deadline.
    #expect(machine.timerFired(at: at(11)) == .scheduleTimer(at: at(65)))
    #expect(machine.timerFired(at: at(65)) == .close)
  }

  @Test func aBusyConnectionDoesNotScheduleATimerPerRequest() {
    var machine = afterOneExchange()
    var scheduled = 0
    for request in 0..<5 {
      let start = 6 + Double(request)
      for action in [
        machine.bytesReceived(at: at(start)), machine.headReceived(at: at(start)),
        machine.requestEnded(at: at(start)), machine.responseEnded(at: at(start + 0.5)),
      ] where action != .none {
        scheduled += 1
      }
    }
    #expect(scheduled == 0)
  }

  @Test func anEarlierDeadlineThanThePendingTimerIsScheduled() {
    var machine = afterOneExchange()
    _ = machine.timerFired(at: at(11))  // pending timer now at t0 + 65 s
    #expect(machine.bytesReceived(at: at(20)) == .scheduleTimer(at: at(30)))
  }

  @Test func anUpgradedConnectionLeavesAndIsNeverTimed() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    #expect(machine.upgraded() == .leave)
    #expect(machine.timerFired(at: at(11)) == Machine.Action.none)
    #expect(machine.timerFired(at: at(10_000)) == Machine.Action.none)
  }

  @Test func aParseErrorIsAnsweredWith400AndAnOverlongHeadWith431() {
    var first = Machine(limits: limits)
    _ = first.opened(at: t0)
    _ = first.bytesReceived(at: at(1))
    #expect(first.parseFailed(headerOverflow: false) == .respondAndClose(status: 400))
    #expect(first.timerFired(at: at(11)) == Machine.Action.none)

    var second = afterOneExchange()
    _ = second.bytesReceived(at: at(6))
    #expect(second.parseFailed(headerOverflow: true) == .respondAndClose(status: 431))
  }

  @Test func aParseErrorInTheBodyOfAnUnansweredRequestIsAnswered() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1))
    #expect(machine.parseFailed(headerOverflow: false) == .respondAndClose(status: 400))
  }

  @Test func aParseErrorBehindAPipelinedRequestClosesAfterItsResponse() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1))
    _ = machine.requestEnded(at: at(1))
    #expect(machine.parseFailed(headerOverflow: false) == Machine.Action.none)
    machine.responseStarted()
    #expect(machine.responseEnded(at: at(2)) == .respondAndClose(status: 400))
  }

  @Test func aParseErrorWhileAResponseIsHalfWrittenWaitsForIt() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1))
    machine.responseStarted()
    #expect(machine.parseFailed(headerOverflow: false) == Machine.Action.none)
    #expect(machine.armed == nil)
    #expect(machine.responseEnded(at: at(2)) == .respondAndClose(status: 400))
  }

  @Test func shutdownClosesAnIdleOrHalfSentHeadAtOnce() {
    var idle = afterOneExchange()
    #expect(idle.quiesce() == .close)

    var halfHead = afterOneExchange()
    _ = halfHead.bytesReceived(at: at(6))
    #expect(halfHead.quiesce() == .close)
  }

  @Test func shutdownLetsARequestInProgressFinishThenCloses() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1))
    #expect(machine.quiesce() == Machine.Action.none)
    #expect(machine.armed == .body)  // a body that never comes is still bounded
    _ = machine.requestEnded(at: at(2))
    machine.responseStarted()
    #expect(machine.responseEnded(at: at(3)) == .close)
  }
}

/// Requests refused at their head, and connections that close after their answer.
extension ConnectionGuardStateMachineTests {
  @Test func aRefusedFirstHeadIsAnsweredAtOnceAndClosed() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    #expect(machine.headRefused(status: 413) == .respondAndClose(status: 413))
    #expect(machine.armed == nil)
  }

  @Test func aRefusedHeadBehindAPipelinedRequestIsAnsweredAfterIt() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1))
    _ = machine.requestEnded(at: at(1))
    #expect(machine.headRefused(status: 413) == Machine.Action.none)
    machine.responseStarted()
    #expect(machine.responseEnded(at: at(2)) == .respondAndClose(status: 413))
  }

  @Test func aRequestWithoutKeepAliveClosesAfterItsAnswerWhichSaysSo() {
    var machine = Machine(limits: limits)
    _ = machine.opened(at: t0)
    _ = machine.bytesReceived(at: at(1))
    _ = machine.headReceived(at: at(1), keepAlive: false)
    _ = machine.requestEnded(at: at(1))
    let saysClose = machine.responseStarted()
    #expect(saysClose)
    #expect(machine.responseEnded(at: at(2)) == .close)
  }

  @Test func aResponseThatSaysCloseClosesAfterItsEnd() {
    var machine = afterOneExchange()
    _ = machine.bytesReceived(at: at(6))
    _ = machine.headReceived(at: at(6))
    _ = machine.requestEnded(at: at(6))
    let saysClose = machine.responseStarted(closes: true)
    #expect(saysClose)
    #expect(machine.responseEnded(at: at(7)) == .close)
  }

  @Test func aKeepAliveResponseDoesNotSayClose() {
    var machine = afterOneExchange()
    _ = machine.bytesReceived(at: at(6))
    _ = machine.headReceived(at: at(6))
    _ = machine.requestEnded(at: at(6))
    let saysClose = machine.responseStarted()
    #expect(!saysClose)
    _ = machine.responseEnded(at: at(7))
    #expect(machine.armed == .idle)
  }

  @Test func aProbeLeavesTheIdleDeadlineWhereItWas() {
    var machine = afterOneExchange()  // idle from t0 + 5 s
    for second in [30, 50] {
      _ = machine.bytesReceived(at: at(Double(second)))
      _ = machine.headReceived(at: at(Double(second)), renewsIdle: false)
      _ = machine.requestEnded(at: at(Double(second)))
      machine.responseStarted()
      _ = machine.responseEnded(at: at(Double(second)))
    }
    #expect(machine.armed == .idle)
    // Due 60 s after the last request that renews it, however many probes came since.
    #expect(machine.timerFired(at: at(64)) == .scheduleTimer(at: at(65)))
    #expect(machine.timerFired(at: at(65)) == .close)
  }
}
