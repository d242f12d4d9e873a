import NIOCore
import NIOEmbedded
import NIOPosix
import Testing

@testable import WebApp

/// The instant the connection's handlers feed their state machines: NIO's clock, as an `InstantProtocol`.
@Suite struct MonotonicInstantTests {
  @Test func advancingByADurationAddsItsNanoseconds() {
    let start = MonotonicInstant(uptimeNanoseconds: 1_000)
    #expect(start.advanced(by: .seconds(2)).uptimeNanoseconds == 2_000_001_000)
    #expect(start.advanced(by: .milliseconds(-1)).uptimeNanoseconds == -999_000)
    #expect(start.advanced(by: .nanoseconds(1)) > start)
  }

  @Test func theDurationBetweenTwoInstantsIsTheirDifference() {
    let start = MonotonicInstant(uptimeNanoseconds: 5_000_000_000)
    let end = start.advanced(by: .milliseconds(1_500))
    #expect(start.duration(to: end) == .milliseconds(1_500))
    #expect(end.duration(to: start) == .milliseconds(-1_500))
  }

  @Test func advancingPastWhatAnInt64HoldsSaturates() {
    let start = MonotonicInstant(uptimeNanoseconds: 1)
    #expect(start.advanced(by: .seconds(Int64.max)).uptimeNanoseconds == .max)
    #expect(MonotonicInstant(uptimeNanoseconds: -1).advanced(by: .seconds(Int64.min)).uptimeNanoseconds == .min)
    #expect(MonotonicInstant(uptimeNanoseconds: .max - 1).advanced(by: .seconds(1)).uptimeNanoseconds == .max)
  }

  @Test func itIsReadFromAnEventLoopsClockAndIsTheSameInstantOnIt() {
    let loop = EmbeddedEventLoop()
    loop.advanceTime(to: .uptimeNanoseconds(5_000))
    #expect(MonotonicInstant.now(on: loop).uptimeNanoseconds == 5_000)
    let now = MonotonicInstant.now(on: MultiThreadedEventLoopGroup.singleton.next())
    #expect(now.deadline.uptimeNanoseconds == UInt64(now.uptimeNanoseconds))
    #expect(now.deadline <= NIODeadline.now())
    #expect(MonotonicInstant(uptimeNanoseconds: -5).deadline == .uptimeNanoseconds(0))
  }
}
