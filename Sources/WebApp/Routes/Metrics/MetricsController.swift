import Hummingbird
import NIOCore

/// `GET|HEAD /metrics`: the server's ``ServerMetrics`` in Prometheus' text format, rendered at scrape
/// time only. Not rate-limited, as a Prometheus server scrapes often from one address; like every
/// probe it does not renew its connection's idle deadline (``ConnectionGuardStateMachine``).
struct MetricsController: Sendable {
  let metrics: ServerMetrics

  func addRoutes(to router: some RouterMethods<AppRequestContext>) {
    router.getAndHead("/metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
        body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
  }
}
