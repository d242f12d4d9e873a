import Hummingbird
import NIOCore

/// `GET|HEAD /metrics`: the server's ``ServerMetrics`` in Prometheus' text exposition format.
///
/// **Contract**: answers `200`, `content-type: text/plain; version=0.0.4; charset=utf-8`,
/// `cache-control: no-store`. Not rate-limited: a Prometheus server scrapes every few seconds from one
/// address; a scrape does not renew its connection's idle deadline, so it cannot hold a connection. Its own requests are counted like any route's, under `route="/metrics"`, so scrapes never
/// blend into the figures of the routes users call. Rendering happens here, at scrape time only. Added
/// only when ``AppConfiguration/exposesMetrics`` is on (`serve --metrics off` leaves it out: see
/// `docs/threat_model.md` for what it reveals).
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
