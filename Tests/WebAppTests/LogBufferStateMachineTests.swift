import Testing
@testable import WebApp

/// The log writer's buffer: lines batch up within a byte budget, the rest are dropped, counted and reported.
struct LogBufferStateMachineTests {
  typealias Machine = LogBufferStateMachine

  @Test func aLineWakesTheWriterOnlyWhenItWaitsAndTheRestJoinTheBatch() {
    var machine = Machine(budget: 100)
    let first = machine.append("zero\n")  // the writer has not looked yet: it is not waiting
    let batch0 = machine.takeBatch()
    let idle = machine.takeBatch()
    let appended = [machine.append("one\n"), machine.append("two\n")]
    let batch = machine.takeBatch()
    // While the writer writes a batch, a line wakes nobody.
    let whileWriting = machine.append("three\n")
    #expect(first == .none)
    #expect(batch0 == .write(bytes: Array("zero\n".utf8), dropped: 0))
    #expect(idle == .wait)
    #expect(appended == [.wakeWriter, .none])
    #expect(batch == .write(bytes: Array("one\ntwo\n".utf8), dropped: 0))
    #expect(whileWriting == .none)
  }

  @Test func linesBeyondTheBudgetAreDroppedCountedAndReportedWithTheNextBatch() {
    var machine = Machine(budget: 10)
    // 6 bytes, then 6 + 5 > 10, then 6 + 4 = 10 fits exactly, then 11 > 10.
    let appended = [machine.append("12345\n"), machine.append("1234\n"), machine.append("123\n"), machine.append("\n")]
    let batch = machine.takeBatch()
    let next = machine.append("ok\n")
    let nextBatch = machine.takeBatch()
    #expect(appended == [.none, .dropped, .none, .dropped])
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
