import Hummingbird
import Logging
import NIOHTTP1

/// Records each request when its response is ready: one `info` log line (Hummingbird's request id, the
/// method, the path, the status and the time it took in milliseconds) and the request metrics
/// (``RequestMetrics``: a count by route, method and status, a duration by route and method).
///
/// One middleware for both: one pair of clock reads and one more async call per request, not two.
///
/// **Cost**: the server's line is rendered by ``RequestLog`` on the request's thread, without swift-log (its
/// metadata dictionary and handlers were a large share of `GET /users/{name}`'s server CPU), and handed to
/// the server's ``LogWriter``, which writes lines in batches from a background thread; a request never waits
/// for standard error (when it stalls, lines are dropped and counted instead). Without a ``RequestLog``
/// (applications built with a logger of their own, as in tests) the line goes through `logger`.
///
/// ```text
/// info octoreact: duration_ms=0.41 hb.request.id=3 http.method=GET http.path=/users/octocat http.status=404 [WebApp] Request
/// ```
///
/// **Contract**: added by `buildRouter` to every route, as the outermost
/// middleware, so the status is the one the client gets (the security headers middleware renders
/// errors into responses); an error thrown past it is logged with the status it will be answered
/// with and rethrown. The path is written without its query string
/// (which may hold a token) and cut to ``maxPathBytes``; the method to ``maxMethodBytes``.
///
/// **Not per-statement limited**: the line goes to the logger the application was given, not to the
/// rate-limited one its routes use, because a request log that stops after ten lines a minute
/// records nothing. It is bounded instead by what bounds requests: one line each, of bounded length.
///
/// **Refusals are summarised**: a request refused by a limit (`403`, `429`) costs its client nothing,
/// so a client could send them without end; their line goes to `refusalLogger` instead, the rate-limited
/// logger, which writes a few a minute and then one line saying how many it suppressed. No client can
/// make the server write more than a fixed number of refusal lines a minute.
struct RequestRecordMiddleware<Context: RequestContext>: RouterMiddleware {
  static var maxPathBytes: Int { 256 }
  static var maxMethodBytes: Int { 16 }

  let logger: Logger
  /// Where refused requests are written: the application's rate-limited logger.
  let refusalLogger: Logger
  /// The server's request log; `nil`: the line goes to `logger`.
  let requestLog: RequestLog?
  let metrics: RequestMetrics

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let start = MonotonicInstant.now()
    do {
      let response = try await next(request, context)
      record(request, context: context, status: response.status.code, since: start)
      return response
    } catch let error as any HTTPResponseError {
      record(request, context: context, status: error.status.code, since: start)
      throw error
    } catch {
      record(request, context: context, status: 500, since: start)
      throw error
    }
  }

  private func record(_ request: Request, context: Context, status: Int, since start: MonotonicInstant) {
    let nanoseconds = max(0, MonotonicInstant.now().uptimeNanoseconds - start.uptimeNanoseconds)
    metrics.record(route: context.endpointPath, method: request.method, status: status, nanoseconds: nanoseconds)
    // Above `info` there is no line to write: nothing to render (the logger would drop it after its metadata
    // was built).
    guard requestLog != nil || logger.logLevel <= .info else { return }
    let microseconds = nanoseconds / 1_000
    let method = Self.prefix(request.method.rawValue, maxBytes: Self.maxMethodBytes)
    let path = Self.prefix(request.uri.path, maxBytes: Self.maxPathBytes)
    let id = context.logger[metadataKey: "hb.request.id"]
    if status == 403 || status == 429 {
      refusalLogger.info(
        "Refused a request", metadata: ["http.method": "\(method)", "http.path": "\(path)", "http.status": "\(status)"])
      return
    }
    if let requestLog {
      requestLog.write(id: id?.description, method: method, path: path, status: status, microseconds: microseconds)
      return
    }
    // Sized for all five entries up front: a literal of four and a fifth added resized it on every request.
    var metadata = Logger.Metadata(minimumCapacity: 5)
    metadata["http.method"] = .string(method)
    metadata["http.path"] = .string(path)
    metadata["http.status"] = "\(status)"
    metadata["duration_ms"] = .string(RequestLog.milliseconds(microseconds))
    if let id { metadata["hb.request.id"] = id }
    logger.info("Request", metadata: metadata)
  }

  /// `text` if it has at most `maxBytes` UTF-8 bytes, else its longest prefix of whole characters that
  /// fits with a `…`.
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
