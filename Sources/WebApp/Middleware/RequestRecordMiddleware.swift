import Hummingbird
import Logging

/// Records each request when its response is ready: one `info` log line (Hummingbird's request id, the
/// method, the path, the status and the time it took in milliseconds) and the request metrics
/// (``ServerMetrics/recordRequest(route:method:status:duration:)``).
///
/// Not Hummingbird's `LogRequestsMiddleware`, which logs before the response (no status, no duration) and
/// writes the whole URI, query string included (which may hold a token); nor its `MetricsMiddleware`, which
/// records into the process-wide metrics system, under OpenTelemetry's names, and labels every method token as sent.
///
/// **Contract**: added by `buildRouter` to every route, as the outermost middleware, so the status is the
/// one the client gets (the security headers middleware renders errors into responses); an error thrown
/// past it is recorded with the status it will be answered with and rethrown. The path is written without
/// its query string and cut to ``maxPathBytes``; the method to ``maxMethodBytes``.
///
/// **Not per-statement limited**: the line goes to `logger`, not to the rate-limited logger the routes
/// use, because a request log that stops after ten lines a minute records nothing. It is bounded instead
/// by what bounds requests: one line each, of bounded length.
///
/// **Refusals are summarised**: a request refused by a limit (`403`, `429`) costs its client nothing, so a
/// client could send them without end; their line goes to `refusalLogger`, the rate-limited logger, which
/// writes a few a minute and then one line saying how many it suppressed.
struct RequestRecordMiddleware<Context: RequestContext>: RouterMiddleware {
  static var maxPathBytes: Int { 256 }
  static var maxMethodBytes: Int { 16 }

  let logger: Logger
  let refusalLogger: Logger
  let metrics: ServerMetrics

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let start = ContinuousClock.now
    do {
      let response = try await next(request, context)
      record(request, context: context, status: response.status.code, since: start)
      return response
    } catch {
      record(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
      throw error
    }
  }

  private func record(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
    let duration = start.duration(to: .now)
    metrics.recordRequest(route: context.endpointPath, method: request.method, status: status, duration: duration)
    guard logger.logLevel <= .info else { return }
    // Sized for the request line's five entries: a refusal's three and the duration and id.
    var metadata = Logger.Metadata(minimumCapacity: 5)
    metadata["http.method"] = .string(Self.prefix(request.method.rawValue, maxBytes: Self.maxMethodBytes))
    metadata["http.path"] = .string(Self.prefix(request.uri.path, maxBytes: Self.maxPathBytes))
    metadata["http.status"] = "\(status)"
    if status == 403 || status == 429 {
      refusalLogger.info("Refused a request", metadata: metadata)
      return
    }
    metadata["duration_ms"] = .string(Self.milliseconds(duration))
    metadata["hb.request.id"] = context.logger[metadataKey: "hb.request.id"]
    logger.info("Request", metadata: metadata)
  }

  /// `duration` in milliseconds with two decimals, such as `0.41` or `1250.00`.
  static func milliseconds(_ duration: Duration) -> String {
    let hundredths = Int64((duration / .microseconds(10)).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// `text` if it has at most `maxBytes` UTF-8 bytes, else its longest prefix of whole characters that fits with a `…`.
  static func prefix(_ text: String, maxBytes: Int) -> String {
    guard text.utf8.count > maxBytes else { return text }
    var kept = ""
    var bytes = 3  // the ellipsis
    for character in text {
      bytes += character.utf8.count
      guard bytes <= maxBytes else { break }
      kept.append(character)
    }
    return kept + "…"
  }
}
