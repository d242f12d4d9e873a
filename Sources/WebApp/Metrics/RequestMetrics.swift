import CoreMetrics
import HTTPTypes
import Metrics

/// `http_requests_total{route, method, status}` and `http_request_duration_seconds{route, method}`, with
/// a label set no client can grow.
///
/// **Bounded labels**: `route` is the router's matched pattern (`/users/{name}`), never the path asked
/// for, or `unmatched`; `method` is a standard method or `other`.
///
/// Not Hummingbird's `MetricsMiddleware`: it records into the process-wide `MetricsSystem` (each
/// application here has a registry of its own), and under OpenTelemetry's names rather than these.
final class RequestMetrics: Sendable {
  static var unmatchedRoute: String { "unmatched" }

  private let factory: any MetricsFactory

  init(factory: any MetricsFactory) {
    self.factory = factory
  }

  func record(route: String?, method: HTTPRequest.Method, status: Int, duration: Duration) {
    // "NotFound" is Hummingbird's name for no route.
    let route = route.flatMap { $0 == "NotFound" ? nil : $0 } ?? Self.unmatchedRoute
    let method = Self.label(method)
    Counter(
      label: "http_requests_total", dimensions: [("route", route), ("method", method), ("status", "\(status)")],
      factory: factory
    ).increment()
    Metrics.Timer(
      label: "http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory
    ).recordSeconds(duration / .seconds(1))
  }

  static func label(_ method: HTTPRequest.Method) -> String {
    switch method {
    case .get, .head, .post, .put, .patch, .delete, .options, .connect, .trace: method.rawValue
    default: "other"
    }
  }
}
