import CoreMetrics
import Metrics
public import Prometheus

/// The server's Prometheus metrics (the README says what each means), in a registry of each
/// application's own: tests build several in one process, so nothing goes through swift-metrics'
/// process-wide `MetricsSystem`.
///
/// **Contract**: a request costs one counter and one histogram (``RequestMetrics``); the gauges are
/// sampled when a scrape renders the registry, never on the request or action path.
public final class ServerMetrics: Sendable {
  public let registry: PrometheusCollectorRegistry
  let requests: RequestMetrics
  let live: LiveSessionMetrics
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
    self.requests = RequestMetrics(factory: factory)
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
