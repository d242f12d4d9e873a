import ServiceLifecycle

/// Starts draining (``DrainState``) when the service group's graceful shutdown begins.
///
/// **Ordering:** a service group shuts its services down in reverse order, each after the one behind it has returned.
/// Placed after the application, this one returns only once every live page was sent its `1001`; otherwise
/// Hummingbird's own shutdown would close them first with `1000`, which tells a page not to reconnect.
struct DrainService: Service {
  let drain: DrainState

  func run() async throws {
    // Cancellation (the group failing or ending without a graceful shutdown) needs no draining.
    try? await gracefulShutdown()
    guard !Task.isCancelled else { return }
    await drain.beginDraining()
  }
}
