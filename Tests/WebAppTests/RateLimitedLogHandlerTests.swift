import Clocks
import Logging
import Testing
@testable import WebApp

/// A logger wrapped by `rateLimited`: each statement writes its limit per window, then one summary
/// when the window ends, in virtual time.
struct RateLimitedLogHandlerTests {
  let log = CapturedLog()
  let clock = TestClock()

  func flood(_ logger: Logger, _ count: Int) {
    for index in 0..<count { logger.notice("Refused a live page message", metadata: ["index": "\(index)"]) }
  }

  @Test func aFloodWritesTheLimitThenOneSummaryWhenTheWindowEnds() async throws {
    let logger = log.logger().rateLimited(WindowLimit(3, per: .seconds(60)), clock: clock)
    flood(logger, 50)
    #expect(log.lines.map(\.message) == Array(repeating: "Refused a live page message", count: 3))

    await clock.advance(by: .seconds(59))
    #expect(log.lines.count == 3)
    await clock.advance(by: .seconds(1))
    let summary = await log.first { $0.message.hasPrefix("Suppressed") }
    #expect(summary.message == "Suppressed 47 similar log lines")
    #expect(summary.level == .notice)
    #expect(summary.metadata["log.suppressed"] == "47")
    #expect(summary.metadata["index"] == nil)
    try await clock.checkSuspension()
  }

  @Test func theNextWindowWritesAgain() async throws {
    let logger = log.logger().rateLimited(WindowLimit(2, per: .seconds(10)), clock: clock)
    flood(logger, 2)
    await clock.advance(by: .seconds(10))
    flood(logger, 3)
    #expect(log.lines.count == 4)
    await clock.advance(by: .seconds(10))
    await log.first { $0.message == "Suppressed 1 similar log lines" }
    try await clock.checkSuspension()
  }

  @Test func otherStatementsAndMetadataAreUnaffected() async throws {
    var logger = log.logger().rateLimited(WindowLimit(1, per: .seconds(60)), clock: clock)
    logger[metadataKey: "hb.request.id"] = "7"
    flood(logger, 5)
    logger.error("Search index failed")
    #expect(log.lines.map(\.message) == ["Refused a live page message", "Search index failed"])
    #expect(log.lines.allSatisfy { $0.metadata["hb.request.id"] == "7" })
    await clock.advance(by: .seconds(60))
    await log.first { $0.message == "Suppressed 4 similar log lines" }
  }

  @Test func noLimitLeavesTheLoggerAsItIs() {
    let logger = log.logger().rateLimited(nil)
    flood(logger, 20)
    #expect(log.lines.count == 20)
  }
}
