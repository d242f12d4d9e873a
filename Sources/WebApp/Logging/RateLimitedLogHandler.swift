public import Logging
import Synchronization

/// A log handler that passes lines to another one through a ``LogLineLimiter``: each log statement
/// writes at most so many lines per window, then one summary of the lines it dropped.
///
/// The application wraps its logger in one (``Logging/Logger/rateLimited(_:clock:)``), so every line a
/// client can cause — a refused live message, a failed search, Hummingbird's and the WebSocket
/// library's own — is bounded, whoever writes it.
///
/// **Level and metadata** start as the wrapped handler's; metadata set on this logger is added to each line, over the
/// wrapped handler's own. They are kept here, beside one shared reference to the wrapped handler, so that this handler
/// fits in a `Logger` without a box of its own: Hummingbird copies the logger with a request id for every request and
/// every connection, and each copy would otherwise box a copy of both handlers.
struct RateLimitedLogHandler: LogHandler {
  /// The wrapped handler and the limiter, the same for every copy of the logger.
  private final class Target: Sendable {
    let handler: any LogHandler
    let limiter: LogLineLimiter

    init(handler: any LogHandler, limiter: LogLineLimiter) {
      self.handler = handler
      self.limiter = limiter
    }
  }

  private let target: Target
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]

  init(wrapping wrapped: any LogHandler, limiter: LogLineLimiter) {
    target = Target(handler: wrapped, limiter: limiter)
    logLevel = wrapped.logLevel
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] ?? target.handler[metadataKey: key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    guard target.limiter.admit(event) else { return }
    guard !metadata.isEmpty else { return target.handler.log(event: event) }
    var event = event
    event.metadata = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
    target.handler.log(event: event)
  }
}

extension Logger {
  /// This logger, with each of its statements limited to `limit` lines per window, the rest counted
  /// and summarised in one line when the window ends; `self` unchanged when `limit` is `nil`.
  ///
  /// **Shared**: every logger derived from the result (with metadata added, as Hummingbird's request
  /// loggers are) counts against the same limiter.
  public func rateLimited(_ limit: WindowLimit?, clock: any Clock<Duration> = ContinuousClock()) -> Logger {
    guard let limit else { return self }
    let limiter = LogLineLimiter(limit: limit, clock: clock, summaries: handler)
    return Logger(label: label) { [handler] _ in RateLimitedLogHandler(wrapping: handler, limiter: limiter) }
  }
}

/// Bounds what a flood of similar log lines can write: the storage of a ``LogLineLimitStateMachine``.
///
/// **Contract**: ``admit(_:)`` is called once per line, from any thread; it decides under one lock and writes a due
/// summary after unlocking, through the handler the limiter was made with (the application's, without a request's
/// metadata). A window that ends with suppressed lines gets its summary from a timer on the injected clock, so the
/// count is reported even when the flood stops; the timer holds the limiter weakly.
final class LogLineLimiter: Sendable {
  private let machine: Mutex<LogLineLimitStateMachine>
  private let stopwatch: Stopwatch
  private let summaries: any LogHandler

  init(limit: WindowLimit, clock: any Clock<Duration>, summaries: any LogHandler, maxSites: Int = 1_000) {
    machine = Mutex(LogLineLimitStateMachine(limit: limit, maxSites: maxSites))
    stopwatch = Stopwatch(clock: clock)
    self.summaries = summaries
  }

  /// Whether `event` may be written; writes the summary of its statement's previous window first.
  func admit(_ event: LogEvent) -> Bool {
    let site = LogLineLimitStateMachine.Site(file: event.file, line: event.line)
    let now = stopwatch.elapsed
    let action = machine.withLock { $0.line(from: site, level: event.level, at: now) }
    switch action {
    case .write(let summary):
      if let summary { write(summary, like: event) }
      return true
    case .suppress(let summaryAt):
      if let summaryAt { scheduleSummary(of: site, at: summaryAt, like: event) }
      return false
    }
  }

  private func scheduleSummary(of site: LogLineLimitStateMachine.Site, at end: Duration, like event: LogEvent) {
    Task { [weak self, stopwatch] in
      do { try await stopwatch.sleep(untilElapsed: end) } catch { return }
      guard let self else { return }
      let now = stopwatch.elapsed
      if let summary = machine.withLock({ $0.windowEnded(for: site, at: now) }) { write(summary, like: event) }
    }
  }

  /// One line for `summary`, from the statement `event` came from (the message and metadata of the
  /// suppressed lines may be a client's, so they are not repeated).
  private func write(_ summary: LogLineLimitStateMachine.Summary, like event: LogEvent) {
    summaries.log(
      event: LogEvent(
        level: summary.level,
        message: "Suppressed \(summary.suppressed) similar log lines",
        metadata: [
          "log.suppressed": "\(summary.suppressed)",
          "log.site": "\(summary.site.file):\(summary.site.line)",
        ],
        source: event.source,
        file: summary.site.file,
        function: event.function,
        line: summary.site.line
      )
    )
  }
}
