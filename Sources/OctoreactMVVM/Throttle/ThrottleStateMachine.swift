/// The rule of ``Throttle``: at most one value per interval, always ending on the latest.
///
/// A pure value, held under a lock by ``Throttle``, which carries out the returned actions (deliver,
/// start a timer) after unlocking.
///
/// **Timers and generations.** Each interval's timer carries the generation it was started for.
/// A timer can wake and be about to report while a ``flush()`` ends its interval and a new value
/// opens the next one; its report then names an old generation and is ignored. Without that check
/// the stale report delivered the new interval's held value at once, less than one interval after
/// the value that opened it, and left two timers running.
struct ThrottleStateMachine<Value> {
  private(set) var isWindowOpen = false
  private(set) var held: Value?
  /// The generation of the timer whose report counts; bumped whenever a timer is started or dropped.
  private(set) var generation: UInt64 = 0

  enum SubmitAction {
    /// Deliver the value now and start a timer for `generation`.
    case deliverAndStartTimer(Value, generation: UInt64)
    /// The value is held (replacing an older held one) until the interval ends.
    case hold
  }

  enum TimerAction {
    /// Deliver the held value, which opens a new interval: start a timer for `generation`.
    case deliverAndStartTimer(Value, generation: UInt64)
    /// Nothing was held: the interval is over and the next value goes through at once.
    case closeWindow
    /// The report of a timer that a flush or a newer interval replaced: do nothing.
    case ignore
  }

  init() {}

  mutating func submit(_ value: Value) -> SubmitAction {
    guard isWindowOpen else {
      isWindowOpen = true
      generation &+= 1
      return .deliverAndStartTimer(value, generation: generation)
    }
    held = value
    return .hold
  }

  /// Ends the interval; returns the held value to deliver now, if any. The running timer's report
  /// will be ignored.
  mutating func flush() -> Value? {
    isWindowOpen = false
    generation &+= 1
    defer { held = nil }
    return held
  }

  /// The timer started for `timerGeneration` has reached the end of its interval.
  mutating func timerFired(generation timerGeneration: UInt64) -> TimerAction {
    guard timerGeneration == generation, isWindowOpen else { return .ignore }
    guard let value = held else {
      isWindowOpen = false
      generation &+= 1
      return .closeWindow
    }
    // The held value goes now and opens a new interval, so values keep at least `interval` apart.
    held = nil
    generation &+= 1
    return .deliverAndStartTimer(value, generation: generation)
  }
}
