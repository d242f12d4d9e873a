@testable import OctoreactCore
import Testing

/// The rule of `ActivityTracker`, step by step.
@Suite struct ActivityTrackerStateMachineTests {
  @Test func workStartingOnAnIdleTrackerReportsTrueAndItsEndReportsFalse() {
    var machine = ActivityTrackerStateMachine()

    #expect(machine.begin() == .report(true))
    #expect(machine.reportDelivered() == .none)
    #expect(machine.end() == .report(false))
    #expect(machine.reportDelivered() == .none)
    #expect(!machine.isReporting)
  }

  @Test func overlappingWorkReportsOnlyTheChanges() {
    var machine = ActivityTrackerStateMachine()
    #expect(machine.begin() == .report(true))
    #expect(machine.reportDelivered() == .none)

    #expect(machine.begin() == .none)
    #expect(machine.end() == .none)
    #expect(machine.count == 1)
    #expect(machine.end() == .report(false))
  }

  /// One thread's work ends (false) and another's starts (true) while the first reports: the
  /// reporter delivers the change after its own, so the last value delivered is the current one.
  @Test func aChangeWhileReportingIsLeftToTheReporterAndDeliveredAfterItsValue() {
    var machine = ActivityTrackerStateMachine()
    #expect(machine.begin() == .report(true))
    #expect(machine.reportDelivered() == .none)

    #expect(machine.end() == .report(false))  // this thread now delivers `false` …
    #expect(machine.begin() == .none)  // … while another thread's work starts: left to it

    #expect(machine.reportDelivered() == .report(true))
    #expect(machine.reportDelivered() == .none)
    #expect(machine.reported)
  }

  @Test func aChangeUndoneWhileReportingIsNotReported() {
    var machine = ActivityTrackerStateMachine()
    #expect(machine.begin() == .report(true))

    #expect(machine.end() == .none)
    #expect(machine.begin() == .none)

    #expect(machine.reportDelivered() == .none)  // still active: nothing changed for observers
    #expect(machine.reported)
  }
}
