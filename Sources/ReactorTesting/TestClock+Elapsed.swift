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
}
