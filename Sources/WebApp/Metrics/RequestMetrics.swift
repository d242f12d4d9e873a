import CoreMetrics
import HTTPTypes
import Metrics

/// `http_requests_total{route, method, status}` and `http_request_duration_seconds{route, method}`, with
/// a label set no client can grow.
///
/// **Bounded labels**: `route` is the router's matched pattern (`/users/{name}`), never the path asked
/// for, so the routes the server was built with are all it can be; a request no route matched is
/// `unmatched`. `method` is one of the standard methods or `other`; `status` is the status the server
/// answered.
///
/// Not Hummingbird's `MetricsMiddleware`: it records into the process-wide `MetricsSystem` (each
/// application here has a registry of its own), and under OpenTelemetry's names rather than these.
///
/// **Cost**: each request finds its counter and histogram in the registry (one lock each) and records;
/// nothing is rendered until a scrape.
final class RequestMetrics: Sendable {
  /// The `route` of requests no route matched.
  static var unmatchedRoute: String { "unmatched" }

  private let factory: any MetricsFactory

  init(factory: any MetricsFactory) {
    self.factory = factory
  }

  /// Counts one request answered with `status` after `duration`; `route` is the matched pattern, if any.
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

  /// `method`'s name when it is a standard one, else `other`.
  static func label(_ method: HTTPRequest.Method) -> String {
    switch method {
    case .get, .head, .post, .put, .patch, .delete, .options, .connect, .trace: method.rawValue
    default: "other"
    }
  }
}
