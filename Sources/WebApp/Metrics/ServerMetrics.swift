import CoreMetrics
import Metrics
public import Prometheus

/// The server's Prometheus metrics, in a registry of its own, rendered in the text exposition format by
/// `GET /metrics` (see the README for what each metric means).
///
/// Each application owns one (tests build several in one process, so nothing goes through swift-metrics'
/// process-wide `MetricsSystem`): the metrics are swift-metrics types made by a `PrometheusMetricsFactory`
/// over ``registry``.
///
/// **Contract**: what costs work on a request is one counter and one histogram (``RequestMetrics``); the
/// gauges (live sessions, effect tasks, database pool) are sampled when a scrape renders the registry,
/// never on the request or action path.
public final class ServerMetrics: Sendable {
  /// Where the metrics live; ``exposition()`` renders it.
  public let registry: PrometheusCollectorRegistry
  let requests: RequestMetrics
  let live: LiveSessionMetrics
  private let refusals: [RateLimitResource: CoreMetrics.Counter]
  private let databasePool: @Sendable () -> DatabasePoolUsage
  private let databaseInUse: CoreMetrics.Gauge
  private let databaseCapacity: CoreMetrics.Gauge
  private let databaseReachable: CoreMetrics.Gauge

  /// Metrics in a new registry; `databasePool` reports the account store's use at each scrape.
  public init(databasePool: @escaping @Sendable () -> DatabasePoolUsage = { DatabasePoolUsage(inUse: 0) }) {
    let registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    // Requests here take tens of microseconds to seconds (a signup's bcrypt): buckets from 100 µs to 10 s.
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

  /// Counts one request refused by `resource`'s rate limit.
  func countRefusal(_ resource: RateLimitResource) {
    refusals[resource]?.increment()
  }

  /// Every metric in Prometheus' text format (version 0.0.4), the gauges sampled now.
  public func exposition() -> [UInt8] {
    live.sample()
    let pool = databasePool()
    databaseInUse.record(pool.inUse)
    databaseCapacity.record(pool.capacity ?? 0)
    databaseReachable.record(pool.isReachable ? 1 : 0)
    return registry.emitToBuffer()
  }
}
