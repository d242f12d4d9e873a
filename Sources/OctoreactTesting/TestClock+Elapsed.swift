public import Clocks

extension TestClock where Duration == Swift.Duration {
  /// Advances the clock in steps of `step` until `total` has passed, letting work scheduled at each
  /// step run before the next: the way a real clock's time passes through every deadline in turn.
  public func advance(by total: Duration, inStepsOf step: Duration) async {
    precondition(step > .zero, "the step must be positive")
    var elapsed = Duration.zero
    while elapsed < total {
      let next = min(step, total - elapsed)
      await advance(by: next)
      elapsed += next
    }
  }

  /// Returns once some work is suspended in `sleep` on this clock.
  ///
  /// Work that is about to sleep (a throttle's timer, an effect) registers its sleep a moment after
  /// it starts; awaiting this closes that gap, so a following `advance(by:)` measures from the right
  /// instant instead of passing before the sleep exists. Only meaningful when no other work sleeps.
  public func waitForSleeper() async {
    // `checkSuspension()` throws exactly when something is sleeping.
    while !Task.isCancelled, (try? await checkSuspension()) != nil {}
  }
}
