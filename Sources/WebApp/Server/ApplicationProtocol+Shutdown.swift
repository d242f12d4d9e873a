public import Hummingbird
public import Logging
import ServiceLifecycle
import UnixSignals

extension ApplicationProtocol {
  /// Runs the application until SIGTERM or SIGINT, then drains it for at most `shutdownGrace`.
  ///
  /// **Contract:** on the signal `drain` starts draining first (``DrainService``): `/readyz` answers
  /// `503` and every live page is closed with `1001` so that it reconnects elsewhere. Then the server
  /// stops accepting and closes every connection that is not in the middle of a request
  /// (`ConnectionGuardHandler`); requests being read or answered may finish. After `shutdownGrace`
  /// whatever is left is cancelled, which closes its connection (`GuardedUpgradeChannel`). If some
  /// task still ignores cancellation after `cancellationBound`, swift-service-lifecycle ends the process
  /// with a fatal error rather than wait forever.
  public func runService(
    shutdownGrace: Duration, cancellationBound: Duration = .seconds(5), drain: DrainState, logger: Logger
  ) async throws {
    try await ServiceGroup(
      configuration: Self.serviceGroupConfiguration(
        self, shutdownGrace: shutdownGrace, cancellationBound: cancellationBound, drain: drain,
        signals: [.sigterm, .sigint], logger: logger)
    ).run()
  }

  /// The service group `runService(shutdownGrace:)` runs, for tests that trigger its shutdown themselves.
  static func serviceGroupConfiguration(
    _ application: Self, shutdownGrace: Duration, cancellationBound: Duration, drain: DrainState,
    signals: [UnixSignal], logger: Logger
  ) -> ServiceGroupConfiguration {
    // Last, so that it is shut down first (``DrainService``).
    var configuration = ServiceGroupConfiguration(
      services: [application, DrainService(drain: drain)], gracefulShutdownSignals: signals, logger: logger)
    configuration.maximumGracefulShutdownDuration = shutdownGrace
    configuration.maximumCancellationDuration = cancellationBound
    return configuration
  }
}
