import CoreMetrics
import HTTPTypes
import Metrics
import Synchronization

/// `http_requests_total{route, method, status}` and `http_request_duration_seconds{route, method}`, with
/// a label set no client can grow.
///
/// **Bounded labels**: `route` is the router's matched pattern (`/users/{name}`), never the path asked
/// for; a request no route matched is `unmatched`. Routes are a fixed set, but the label set is bounded
/// here too, in case a route pattern ever carried client text: past ``maxRoutes`` distinct routes, new
/// ones are `other`. `method` is one of the standard methods or `other` (a client may send any token
/// as a method); `status` is the status the server answered.
///
/// **Cost**: each request takes one lock to find its counter and timer (made on first use, then kept),
/// increments an atomic and records into the histogram under its lock; nothing is rendered until a scrape.
final class RequestMetrics: Sendable {
  /// The most distinct `route` labels.
  static var maxRoutes: Int { 64 }
  /// The `route` of requests no route matched.
  static var unmatchedRoute: String { "unmatched" }

  private struct Key: Hashable {
    let route: String
    /// ``label(_:)`` of the method: a client's own method tokens all become one key.
    let method: String
    let status: Int
  }

  private struct Handles {
    let requests: Counter
    let duration: Metrics.Timer
  }

  private struct State {
    var handles: [Key: Handles] = [:]
    var routes: Set<String> = []
  }

  private let factory: any MetricsFactory
  private let state = Mutex(State())

  init(factory: any MetricsFactory) {
    self.factory = factory
  }

  /// Counts one request answered with `status` after `duration`; `route` is the matched pattern, if any.
  func record(route: String?, method: HTTPRequest.Method, status: Int, duration: Duration) {
    let handles = state.withLock { state in
      let key = Key(route: route ?? Self.unmatchedRoute, method: Self.label(method), status: status)
      if let handles = state.handles[key] { return handles }
      return makeHandles(for: key, in: &state)
    }
    handles.requests.increment()
    handles.duration.recordSeconds(duration / .seconds(1))
  }

  /// The handles of a key not seen before. Made under the lock so that two first requests of a key make
  /// it once (the registry would hand both the same metric anyway; this keeps the cache exact).
  private func makeHandles(for key: Key, in state: inout State) -> Handles {
    var route = key.route
    if route == "NotFound" { route = Self.unmatchedRoute }  // Hummingbird's name for "no route"
    if !state.routes.contains(route) {
      if state.routes.count < Self.maxRoutes { state.routes.insert(route) } else { route = "other" }
    }
    let method = key.method
    let handles = Handles(
      requests: Counter(
        label: "http_requests_total", dimensions: [("route", route), ("method", method), ("status", "\(key.status)")],
        factory: factory),
      duration: Metrics.Timer(
        label: "http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory))
    // Keys are bounded by the router's routes, ten method labels and the statuses the server answers;
    // the cap is a second fence (past it, handles are looked up in the registry each time).
    if state.handles.count < Self.maxRoutes * 64 { state.handles[key] = handles }
    return handles
  }

  /// `method`'s name when it is a standard one, else `other`.
  static func label(_ method: HTTPRequest.Method) -> String {
    switch method {
    case .get, .head, .post, .put, .patch, .delete, .options, .connect, .trace: method.rawValue
    default: "other"
    }
  }
}
