import Synchronization

/// Passes on at most one value per interval, always ending on the latest (Rx's
/// `throttle(_:latest: true)`).
///
/// The first value after a quiet interval goes through at once; values arriving within the interval
/// are held, and the latest of them goes through when the interval ends. Fast typing thus costs one
/// request per interval, and the last text typed is always the one checked.
///
/// For example, the Signup page's username field:
///
/// ```swift
/// let throttle = Throttle<String>(for: .milliseconds(300), clock: clock) { name in
///   screen.send(.usernameChanged(name))
/// }
/// throttle.submit("o"); throttle.submit("oc"); throttle.submit("oct")
/// // "o" at once; "oct" 300 ms later; "oc" never
/// ```
///
/// **Time** comes from the injected clock, so tests drive it with a `TestClock`. Releasing the throttle
/// drops a held value.
public final class Throttle<Value: Sendable>: Sendable {
  private struct State {
    var isWindowOpen = false
    var held: Value?
    var timer: Task<Void, Never>?
  }

  private let interval: Duration
  private let clock: any Clock<Duration>
  private let deliver: @Sendable (Value) -> Void
  private let state = Mutex(State())

  /// A throttle delivering to `deliver`, at most once per `interval` of `clock`.
  public init(for interval: Duration, clock: any Clock<Duration>, deliver: @escaping @Sendable (Value) -> Void) {
    self.interval = interval
    self.clock = clock
    self.deliver = deliver
  }

  deinit { state.withLock { $0.timer?.cancel() } }

  /// Offers a value: delivered now, or held until the current interval ends (replacing a held one).
  public func submit(_ value: Value) {
    let deliverNow = state.withLock { state -> Bool in
      guard state.isWindowOpen else {
        state.isWindowOpen = true
        state.timer = startTimer()
        return true
      }
      state.held = value
      return false
    }
    if deliverNow { deliver(value) }
  }

  /// Delivers a held value at once and ends the interval (for a field losing focus, a form submit).
  public func flush() {
    let held = state.withLock { state -> Value? in
      state.timer?.cancel()
      state.isWindowOpen = false
      defer { state.held = nil }
      return state.held
    }
    if let held { deliver(held) }
  }

  private func startTimer() -> Task<Void, Never> {
    Task { [weak self, interval, clock] in
      do { try await clock.sleep(for: interval) } catch { return }
      self?.intervalEnded()
    }
  }

  private func intervalEnded() {
    let held = state.withLock { state -> Value? in
      guard let held = state.held else {
        state.isWindowOpen = false
        state.timer = nil
        return nil
      }
      // The held value goes now and opens a new interval, so values keep at least `interval` apart.
      state.held = nil
      state.timer = startTimer()
      return held
    }
    if let held { deliver(held) }
  }
}
