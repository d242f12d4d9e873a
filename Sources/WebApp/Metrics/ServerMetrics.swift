import CoreMetrics
import HTTPTypes
import Metrics
public import Prometheus

/// The server's Prometheus metrics (the README says what each means), in a registry of each application's own:
/// tests build several in one process, so nothing goes through swift-metrics' process-wide `MetricsSystem`.
///
/// **Contract**: a request costs one counter and one histogram (``recordRequest(route:method:status:duration:)``);
/// the gauges are sampled when a scrape renders the registry, never on the request or action path.
///
/// **Bounded labels**: a request's `route` is the router's matched pattern (`/users/{name}`), never the
/// path asked for, or `unmatched`; `method` is a standard method or `other`.
public final class ServerMetrics: Sendable {
  static var unmatchedRoute: String { "unmatched" }

  public let registry: PrometheusCollectorRegistry
  let live: LiveSessionMetrics
  private let factory: any MetricsFactory
  private let refusals: [RateLimitResource: CoreMetrics.Counter]
  private let databasePool: @Sendable () -> DatabasePoolUsage
  private let databaseInUse: CoreMetrics.Gauge
  private let databaseCapacity: CoreMetrics.Gauge
  private let databaseReachable: CoreMetrics.Gauge

  /// `databasePool` reports the account store's use at each scrape.
  public init(databasePool: @escaping @Sendable () -> DatabasePoolUsage = { DatabasePoolUsage(inUse: 0) }) {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    // From the fastest lookups to a signup's bcrypt.
    factory.durationHistogramBuckets["http_request_duration_seconds"] = [
      .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
      .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
      .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(10),
    ]
    self.registry = registry
    self.factory = factory
    self.live = LiveSessionMetrics(factory: factory)
    var refusals: [RateLimitResource: CoreMetrics.Counter] = [:]
    for resource in RateLimitResource.allCases {
      refusals[resource] = CoreMetrics.Counter(
        label: "rate_limit_refusals_total", dimensions: [("resource", resource.rawValue)], factory: factory)
    }
    self.refusals = refusals
    self.databasePool = databasePool
    let accounts = [("database", "accounts")]
    databaseInUse = CoreMetrics.Gauge(label: "database_pool_in_use", dimensions: accounts, factory: factory)
    databaseCapacity = CoreMetrics.Gauge(label: "database_pool_capacity", dimensions: accounts, factory: factory)
    databaseReachable = CoreMetrics.Gauge(label: "database_reachable", dimensions: accounts, factory: factory)
  }

  /// `http_requests_total{route, method, status}` and `http_request_duration_seconds{route, method}`.
  func recordRequest(route: String?, method: HTTPRequest.Method, status: Int, duration: Duration) {
    // "NotFound" is Hummingbird's name for no route.
    let route = route.flatMap { $0 == "NotFound" ? nil : $0 } ?? Self.unmatchedRoute
    let method = Self.label(method)
    CoreMetrics.Counter(
      label: "http_requests_total", dimensions: [("route", route), ("method", method), ("status", "\(status)")],
      factory: factory
    ).increment()
    Metrics.Timer(
      label: "http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory
    ).recordSeconds(duration / .seconds(1))
  }

  private static func label(_ method: HTTPRequest.Method) -> String {
    switch method {
    case .get, .head, .post, .put, .patch, .delete, .options, .connect, .trace: method.rawValue
    default: "other"
    }
  }

  func countRefusal(_ resource: RateLimitResource) {
    refusals[resource]?.increment()
  }

  /// Prometheus' text format (version 0.0.4), the gauges sampled now.
  public func exposition() -> [UInt8] {
    live.sample()
    let pool = databasePool()
    databaseInUse.record(pool.inUse)
    databaseCapacity.record(pool.capacity ?? 0)
    databaseReachable.record(pool.isReachable ? 1 : 0)
    return registry.emitToBuffer()
  }
}
