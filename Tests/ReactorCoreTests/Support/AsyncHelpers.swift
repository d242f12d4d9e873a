import Clocks

extension TestClock where Duration == Swift.Duration {
  /// Returns once some work is suspended in `sleep` on this clock.
  ///
  /// An effect reports "about to sleep" through a ``Probe`` just before calling `sleep`; awaiting
  /// this as well closes the gap between the report and the sleep's registration, so a following
  /// `advance(by:)` measures from the right instant. Only meaningful when no other work sleeps.
  func waitForSleeper() async {
    // `checkSuspension()` throws exactly when something is sleeping.
    while (try? await checkSuspension()) != nil {}
  }
}

/// Yields until `condition` holds, for state that has no notification (such as
/// `ReactorStore.runningTaskCount`). Give the suite a time limit: this waits without one.
func yieldUntil(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}

/// The first `count` elements of `sequence`.
func prefix<Element: Sendable>(_ count: Int, of sequence: AsyncStream<Element>) async -> [Element] {
  var elements: [Element] = []
  for await element in sequence.prefix(count) { elements.append(element) }
  return elements
}
