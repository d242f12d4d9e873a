import Testing
@testable import WebApp

/// The log writer's buffer: lines batch up within a byte budget, the rest are dropped, counted and reported.
struct LogBufferStateMachineTests {
  typealias Machine = LogBufferStateMachine

  @Test func aLineWakesTheWriterOnlyWhenItIsIdleAndTheRestJoinTheBatch() {
    var machine = Machine(budget: 100)
    let first = machine.append("zero\n")  // the writer has not looked yet: it is not idle
    let batch0 = machine.takeBatch()
    let idle = machine.takeBatch()
    let appended = [machine.append("one\n"), machine.append("two\n")]
    let batch = machine.takeBatch()
    // Under load: a line arriving while the writer lingers after a batch wakes nobody.
    let whileLingering = machine.append("three\n")
    #expect(first == .none)
    #expect(batch0 == .write(bytes: Array("zero\n".utf8), dropped: 0))
    #expect(idle == .wait)
    #expect(appended == [.wakeWriter, .none])
    #expect(batch == .write(bytes: Array("one\ntwo\n".utf8), dropped: 0))
    #expect(whileLingering == .none)
  }

  @Test func passingHalfTheBudgetWakesTheWriterOncePerBatch() {
    var machine = Machine(budget: 20)
    let appended = (0..<4).map { _ in machine.append("1234\n") }  // 5, 10 (half), 15, 20 bytes
    _ = machine.takeBatch()
    let again = (0..<2).map { _ in machine.append("1234\n") }
    #expect(appended == [.none, .wakeWriter, .none, .none])
    #expect(again == [.none, .wakeWriter])
  }

  @Test func linesBeyondTheBudgetAreDroppedCountedAndReportedWithTheNextBatch() {
    var machine = Machine(budget: 10)
    // 6 bytes, then 6 + 5 > 10, then 6 + 4 = 10 fits exactly, then 11 > 10.
    let appended = [machine.append("12345\n"), machine.append("1234\n"), machine.append("123\n"), machine.append("\n")]
    let pending = machine.pendingByteCount
    let batch = machine.takeBatch()
    let next = machine.append("ok\n")
    let nextBatch = machine.takeBatch()
    #expect(appended == [.wakeWriter, .dropped, .none, .dropped])  // the first passes half the budget
    #expect(pending == 10)
    #expect(batch == .write(bytes: Array("12345\n123\n".utf8), dropped: 2))
    // The count is reported once.
    #expect(next == .none)
    #expect(nextBatch == .write(bytes: Array("ok\n".utf8), dropped: 0))
  }

  @Test func aLineLargerThanTheBudgetIsDroppedEvenWhenNothingIsPending() {
    var machine = Machine(budget: 4)
    let appended = machine.append("too long\n")
    let batches = [machine.takeBatch(), machine.takeBatch()]
    #expect(appended == .dropped)
    #expect(batches == [.write(bytes: [], dropped: 1), .wait])
  }

  @Test func finishingHandsOutWhatIsPendingThenStopsAndLaterLinesAreWrittenByTheirCaller() {
    var machine = Machine(budget: 100)
    _ = machine.append("last\n")
    let finished = [machine.finish(), machine.finish()]
    let after = machine.append("after\n")
    let batches = [machine.takeBatch(), machine.takeBatch()]
    #expect(finished == [true, false])
    #expect(after == .writeNow)
    #expect(batches == [.write(bytes: Array("last\n".utf8), dropped: 0), .stop])
  }
}
