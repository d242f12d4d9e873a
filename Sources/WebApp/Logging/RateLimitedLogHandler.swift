public import Logging

/// A log handler that passes lines to another one through a ``LogLineLimiter``: each log statement
/// writes at most so many lines per window, then one summary of the lines it dropped.
///
/// The application wraps its logger in one (``Logging/Logger/rateLimited(_:clock:)``), so every line a
/// client can cause — a refused live message, a failed search, Hummingbird's and the WebSocket
/// library's own — is bounded, whoever writes it. Level and metadata are the wrapped handler's.
struct RateLimitedLogHandler: LogHandler {
  private var wrapped: any LogHandler
  private let limiter: LogLineLimiter

  init(wrapping wrapped: any LogHandler, limiter: LogLineLimiter) {
    self.wrapped = wrapped
    self.limiter = limiter
  }

  var logLevel: Logger.Level {
    get { wrapped.logLevel }
    set { wrapped.logLevel = newValue }
  }

  var metadata: Logger.Metadata {
    get { wrapped.metadata }
    set { wrapped.metadata = newValue }
  }

  var metadataProvider: Logger.MetadataProvider? {
    get { wrapped.metadataProvider }
    set { wrapped.metadataProvider = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { wrapped[metadataKey: key] }
    set { wrapped[metadataKey: key] = newValue }
  }

  func log(event: LogEvent) {
    if limiter.admit(event) { wrapped.log(event: event) }
  }
}

extension Logger {
  /// This logger, with each of its statements limited to `limit` lines per window, the rest counted
  /// and summarised in one line when the window ends; `self` unchanged when `limit` is `nil`.
  ///
  /// For example, at most 10 lines a minute from any one statement:
  ///
  /// ```swift
  /// let logger = Logger(label: "octoreact").rateLimited(WindowLimit(10, per: .seconds(60)))
  /// ```
  ///
  /// **Shared**: every logger derived from the result (with metadata added, as Hummingbird's request
  /// loggers are) counts against the same limiter.
  public func rateLimited(_ limit: WindowLimit?, clock: any Clock<Duration> = ContinuousClock()) -> Logger {
    guard let limit else { return self }
    let limiter = LogLineLimiter(limit: limit, clock: clock, summaries: handler)
    return Logger(label: label) { [handler] _ in RateLimitedLogHandler(wrapping: handler, limiter: limiter) }
  }
}
