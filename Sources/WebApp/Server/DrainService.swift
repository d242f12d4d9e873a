import ServiceLifecycle

/// The service that starts draining (``DrainState``) when the service group's graceful shutdown begins.
///
/// **Ordering:** a service group shuts its services down in reverse order, each after the one behind
/// it has returned. Placed after the application, this service is told first: it begins draining,
/// waits until every live page has been sent its `1001`, and only then returns and lets the
/// application stop accepting connections and finish its requests. Without this order Hummingbird's
/// own WebSocket shutdown would close the pages first with `1000`, which tells them not to reconnect.
struct DrainService: Service {
  let drain: DrainState

  func run() async throws {
    // Cancellation (the group failing or ending without a graceful shutdown) needs no draining.
    try? await gracefulShutdown()
    guard !Task.isCancelled else { return }
    await drain.beginDraining()
  }
}
