import Logging
import Testing
@testable import WebApp

/// Which lines of a flood are written: so many per statement and window, then one summary.
struct LogLineLimitStateMachineTests {
  typealias Machine = LogLineLimitStateMachine
  let refused = Machine.Site(file: "WebApp/Live/LiveConnection.swift", line: 70)
  let failed = Machine.Site(file: "WebApp/Routes/API/SearchController.swift", line: 41)

  @Test func aStatementWritesItsLimitThenSuppressesAndPlansOneSummaryAtTheWindowsEnd() {
    var machine = Machine(limit: WindowLimit(2, per: .seconds(60)))
    let actions = (0..<5).map { _ in machine.line(from: refused, level: .notice, at: .seconds(5)) }
    #expect(actions == [
      .write(summaryFirst: nil), .write(summaryFirst: nil),
      .suppress(summaryAt: .seconds(65)), .suppress(summaryAt: nil), .suppress(summaryAt: nil),
    ])
  }

  @Test func theTimerWritesTheSummaryOnceTheWindowHasEnded() {
    var machine = Machine(limit: WindowLimit(1, per: .seconds(60)))
    for level in [Logger.Level.info, .warning, .notice] { _ = machine.line(from: refused, level: level, at: .zero) }
    #expect(machine.windowEnded(for: refused, at: .seconds(59)) == nil)
    #expect(machine.windowEnded(for: refused, at: .seconds(60)) == .init(site: refused, suppressed: 2, level: .warning))
    #expect(machine.windowEnded(for: refused, at: .seconds(61)) == nil)
    // The next line opens a fresh window, with nothing left to report.
    #expect(machine.line(from: refused, level: .info, at: .seconds(70)) == .write(summaryFirst: nil))
  }

  @Test func aLineAfterTheWindowWritesTheSummaryFirstWhenItBeatsTheTimer() {
    var machine = Machine(limit: WindowLimit(1, per: .seconds(60)))
    for _ in 0..<4 { _ = machine.line(from: refused, level: .notice, at: .zero) }
    let next = machine.line(from: refused, level: .notice, at: .seconds(60))
    #expect(next == .write(summaryFirst: .init(site: refused, suppressed: 3, level: .notice)))
    // The late timer finds the new window open: no second summary.
    #expect(machine.windowEnded(for: refused, at: .seconds(60)) == nil)
  }

  @Test func statementsAreCountedApart() {
    var machine = Machine(limit: WindowLimit(1, per: .seconds(60)))
    #expect(machine.line(from: refused, level: .notice, at: .zero) == .write(summaryFirst: nil))
    #expect(machine.line(from: failed, level: .error, at: .zero) == .write(summaryFirst: nil))
    #expect(machine.line(from: refused, level: .notice, at: .zero) == .suppress(summaryAt: .seconds(60)))
  }

  @Test func aFullTableForgetsQuietSitesThenSharesOneOverflowEntry() {
    var machine = Machine(limit: WindowLimit(1, per: .seconds(10)), maxSites: 2)
    _ = machine.line(from: refused, level: .notice, at: .zero)
    _ = machine.line(from: failed, level: .notice, at: .zero)
    let third = Machine.Site(file: "Other.swift", line: 1)
    let fourth = Machine.Site(file: "Other.swift", line: 2)
    // Both windows still open: the new sites share the overflow entry, one line for both.
    #expect(machine.line(from: third, level: .notice, at: .seconds(1)) == .write(summaryFirst: nil))
    #expect(machine.line(from: fourth, level: .notice, at: .seconds(1)) == .suppress(summaryAt: .seconds(11)))
    #expect(machine.siteCount == 3)
    // Once they have ended quietly, they are forgotten and a new site gets its own entry.
    _ = machine.windowEnded(for: .overflow, at: .seconds(11))
    #expect(machine.line(from: fourth, level: .notice, at: .seconds(11)) == .write(summaryFirst: nil))
    #expect(machine.siteCount <= 2)
  }
}
