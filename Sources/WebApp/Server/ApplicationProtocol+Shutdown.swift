public import Hummingbird
public import Logging
import ServiceLifecycle
import UnixSignals

extension ApplicationProtocol {
  /// Runs the application until SIGTERM or SIGINT, then drains it for at most `shutdownGrace`.
  ///
  /// **Contract:** on the signal, `drain` starts first (``DrainService``); then the server stops accepting and closes
  /// every connection not in the middle of a request (`ConnectionGuardHandler`). After `shutdownGrace` what is left is
  /// cancelled, and every connection still open is closed (``ApplicationService``); a task still running
  /// `cancellationBound` later makes swift-service-lifecycle end the process rather than wait forever.
  public func runService(
    shutdownGrace: Duration, cancellationBound: Duration = .seconds(5), drain: DrainState, logger: Logger
  ) async throws {
    try await ServiceGroup(
      configuration: Self.serviceGroupConfiguration(
        self, shutdownGrace: shutdownGrace, cancellationBound: cancellationBound, drain: drain,
        signals: [.sigterm, .sigint], logger: logger)
    ).run()
  }

  /// The service group `runService` runs, for tests that trigger its shutdown themselves.
  static func serviceGroupConfiguration(
    _ application: Self, shutdownGrace: Duration, cancellationBound: Duration, drain: DrainState,
    signals: [UnixSignal], logger: Logger
  ) -> ServiceGroupConfiguration {
    // Last, so that it is shut down first (``DrainService``).
    var configuration = ServiceGroupConfiguration(
      services: [
        ApplicationService(application: application, connections: drain.connections), DrainService(drain: drain),
      ],
      gracefulShutdownSignals: signals, logger: logger)
    configuration.maximumGracefulShutdownDuration = shutdownGrace
    configuration.maximumCancellationDuration = cancellationBound
    return configuration
  }
}

/// The application as a service that closes every connection still open when it is cancelled, which the
/// service group does when the shutdown grace has run out (see ``OpenConnections`` for why).
struct ApplicationService<App: ApplicationProtocol>: Service {
  let application: App
  let connections: OpenConnections

  func run() async throws {
    try await withTaskCancellationHandler {
      try await application.run()
    } onCancel: {
      connections.closeAll()
    }
  }
}
