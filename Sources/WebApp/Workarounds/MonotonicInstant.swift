// Works around: the Swift 6 standard library's `ContinuousClock.Instant` being a resilient type, so code
// specialised for it still looks up its layout and copies it through value witnesses at run time (seen in a
// profile of `GET /users/{name}`). Drop it if the instant becomes frozen (`@frozen`) in the standard library:
// `MonotonicInstantTests` checks it reads the clock NIO schedules on.

import NIOCore

/// A point on the monotonic clock NIO schedules its timers on, as the `InstantProtocol` the connection's
/// state machines are generic over (tests give them `TestClock`'s instants instead).
///
/// **Why not `ContinuousClock.Instant`:** the standard library's instant is a resilient type, so a machine
/// specialised for it still had its layout, and that of every value holding an instant, looked up at run time,
/// and copied them through value witnesses, several times a request (profile of `GET /users/{name}`). This one
/// is an `Int64` of nanoseconds the compiler sees through, read from the same clock as `NIODeadline` and
/// handed to `scheduleTask(deadline:)` as it is.
struct MonotonicInstant: InstantProtocol {
  /// Nanoseconds since boot, as `NIODeadline.uptimeNanoseconds`.
  let uptimeNanoseconds: Int64

  /// The current instant.
  static func now() -> Self {
    Self(uptimeNanoseconds: Int64(NIODeadline.now().uptimeNanoseconds))
  }

  /// This instant as NIO's deadline, to schedule a task at.
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
