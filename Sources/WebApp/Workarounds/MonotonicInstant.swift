// Works around: the Swift 6.3 standard library's `ContinuousClock.Instant` being a resilient type, so code specialised
// for it still looks up its layout and copies it through value witnesses at run time, several times a request. Drop it
// if the instant becomes `@frozen`: `MonotonicInstantTests` checks it reads the clock NIO schedules on.

import NIOCore

/// A point on the monotonic clock NIO schedules its timers on (an `Int64` of nanoseconds, as
/// `NIODeadline`), for the connection's state machines; tests give them `TestClock`'s instants instead.
struct MonotonicInstant: InstantProtocol {
  let uptimeNanoseconds: Int64

  /// Now on `loop`'s clock: real time on a server, virtual time on an `EmbeddedEventLoop`.
  static func now(on loop: any EventLoop) -> Self {
    Self(uptimeNanoseconds: Int64(loop.now.uptimeNanoseconds))
  }

  var deadline: NIODeadline {
    .uptimeNanoseconds(UInt64(max(0, uptimeNanoseconds)))
  }

  func advanced(by duration: Duration) -> Self {
    let (sum, overflow) = uptimeNanoseconds.addingReportingOverflow(Self.nanoseconds(duration))
    return Self(uptimeNanoseconds: overflow ? (duration < .zero ? .min : .max) : sum)
  }

  func duration(to other: Self) -> Duration {
    .nanoseconds(other.uptimeNanoseconds &- uptimeNanoseconds)
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.uptimeNanoseconds < rhs.uptimeNanoseconds
  }

  /// `duration` in whole nanoseconds, clamped to what an `Int64` holds (about 292 years).
  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflowAgain else { return seconds < 0 ? .min : .max }
    return total
  }
}
