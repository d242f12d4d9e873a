import OctoreactCore

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
///
/// **Contract.** `deliver` runs with no lock held, so it may submit again, and one call at a time, in
/// the order the rule decided the values: on the thread that submits, flushes or ends an interval,
/// or, if another thread is delivering at that moment, on that thread before it lets go
/// (`DeliveryQueue`). The rule itself is `ThrottleStateMachine`.
public final class Throttle<Value: Sendable>: Sendable {
  private struct State {
    var machine = ThrottleStateMachine<Value>()
    var timer: Task<Void, Never>?
    var deliveries = DeliveryQueue<Value>()
  }

  private let interval: Duration
  private let clock: any Clock<Duration>
  private let deliver: @Sendable (Value) -> Void
  private let state = RuntimeLock(State())

  /// A throttle delivering to `deliver`, at most once per `interval` of `clock`.
  public init(for interval: Duration, clock: any Clock<Duration>, deliver: @escaping @Sendable (Value) -> Void) {
    self.interval = interval
    self.clock = clock
    self.deliver = deliver
  }

  deinit { state.withLock { $0.timer?.cancel() } }

  /// Offers a value: delivered now, or held until the current interval ends (replacing a held one).
  public func submit(_ value: Value) {
    let (deliverNow, oldTimer) = state.withLock { state -> (Value?, Task<Void, Never>?) in
      switch state.machine.submit(value) {
      case .hold:
        return (nil, nil)
      case .deliverAndStartTimer(let value, let generation):
        defer { state.timer = startTimer(generation: generation) }
        return (state.deliveries.enqueue(value), state.timer)
      }
    }
    oldTimer?.cancel()
    deliverInOrder(deliverNow)
  }

  /// Delivers a held value at once and ends the interval (for a field losing focus, a form submit).
  public func flush() {
    let (held, timer) = state.withLock { state -> (Value?, Task<Void, Never>?) in
      defer { state.timer = nil }
      return (state.machine.flush().flatMap { state.deliveries.enqueue($0) }, state.timer)
    }
    timer?.cancel()
    deliverInOrder(held)
  }

  /// Delivers `value`, then every value queued meanwhile, with no lock held.
  private func deliverInOrder(_ value: Value?) {
    var value = value
    while let next = value {
      deliver(next)
      value = state.withLock { $0.deliveries.next() }
    }
  }

  private func startTimer(generation: UInt64) -> Task<Void, Never> {
    Task { [weak self, interval, clock] in
      do { try await clock.sleep(for: interval) } catch { return }
      self?.timerFired(generation: generation)
    }
  }

  private func timerFired(generation: UInt64) {
    let held = state.withLock { state -> Value? in
      switch state.machine.timerFired(generation: generation) {
      case .ignore:
        return nil
      case .closeWindow:
        state.timer = nil
        return nil
      case .deliverAndStartTimer(let value, let generation):
        state.timer = startTimer(generation: generation)
        return state.deliveries.enqueue(value)
      }
    }
    deliverInOrder(held)
  }
}
