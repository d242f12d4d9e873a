public import OctoreactCore

extension ActivityTracker {
  /// A tracker that reports to `broadcast`, which it sets to `false` now, and then sends every
  /// change of activity (in order, one at a time, with no lock held). Reporting to a broadcast of
  /// yours lets you derive from it (``Broadcast/combineLatest(_:_:_:)``).
  ///
  /// For example:
  ///
  /// ```swift
  /// let isSigningIn = Broadcast(false)
  /// let signingIn = ActivityTracker(reportingTo: isSigningIn)
  /// let enabled = Broadcast.combineLatest(allValid, isSigningIn) { $0 && !$1 }
  /// ```
  public convenience init(reportingTo broadcast: Broadcast<Bool>) {
    self.init(report: { broadcast.send($0) })
  }
}
