import Clocks
import Testing
@testable import WebApp

/// The live idle timeout's rule in virtual time.
struct SilenceDeadlineTests {
  typealias Deadline = SilenceDeadline<TestClock<Duration>.Instant>
  let t0 = TestClock<Duration>().now

  func at(_ seconds: Int) -> TestClock<Duration>.Instant { t0.advanced(by: .seconds(seconds)) }

  @Test func aSocketNeverHeardFromIsDueOneTimeoutAfterOpening() {
    let deadline = Deadline(timeout: .seconds(300), opened: t0)
    #expect(deadline.due == at(300))
    #expect(deadline.nextCheck(at: at(299)) == at(300))
    #expect(deadline.nextCheck(at: at(300)) == nil)
  }

  @Test func aMessageMovesTheDeadlineToOneTimeoutAfterIt() {
    var deadline = Deadline(timeout: .seconds(300), opened: t0)
    deadline.heard(at: at(100))
    #expect(deadline.nextCheck(at: at(300)) == at(400))
    #expect(deadline.nextCheck(at: at(400)) == nil)
  }

  @Test func aKeepAliveEveryMinuteKeepsTheSocketForAnHour() {
    var deadline = Deadline(timeout: .seconds(120), opened: t0)
    var timer = deadline.due
    for second in 1...3600 {
      if second.isMultiple(of: 60) { deadline.heard(at: at(second)) }
      guard at(second) == timer else { continue }
      guard let next = deadline.nextCheck(at: timer) else {
        Issue.record("closed at \(second) s")
        return
      }
      timer = next
    }
    #expect(deadline.nextCheck(at: at(3600 + 120)) == nil)
  }
}
