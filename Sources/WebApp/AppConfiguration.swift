/// How the application is set up: where it listens, which API its screens ask, and its limits.
public struct AppConfiguration: Sendable {
  /// Which GitHub-compatible API a screen asks.
  public enum APISource: Sendable, Hashable {
    /// Octoreact's own API on this server (the offline default).
    case local
    /// GitHub's `https://api.github.com`, with an optional token.
    case github(token: String?)
  }

  public var host: String
  public var port: Int
  /// Where the Signup screen asks whether a username is taken (`GET /users/{name}`).
  public var availability: APISource
  /// Where the Search screen searches (`GET /search/repositories`).
  public var search: APISource
  /// Each client's request budgets, shared by the API and the live pages (``RateLimits/standard``
  /// unless told otherwise; ``RateLimits/off`` for tests and benchmarks).
  public var rateLimits: RateLimits
  /// The interval search queries are throttled to before they are searched (the examples' 300 ms).
  public var queryThrottle: Duration
  /// The interval username edits are throttled to before a check (the examples' 300 ms).
  public var usernameThrottle: Duration
  /// The largest request body `POST /users` accepts.
  public var maxRequestBodyBytes: Int
  /// The largest WebSocket message the live pages accept; larger ones get an error message.
  public var maxLiveMessageBytes: Int
  /// The longest text a field may send; longer ones get an error message.
  public var maxFieldCharacters: Int
  /// Timeouts of every HTTP connection and the most connections open at once.
  public var connectionLimits = ConnectionLimits()
  /// The URL this server is reached at, such as `https://octoreact.example`, for every absolute URL it writes
  /// (`html_url`, `Link`) and the origin its live pages accept; `nil` (the default) derives it from the address
  /// bound and the actual port: `http://127.0.0.1:8080`, or `http://localhost:8080` for 0.0.0.0 and `::`.
  /// The request's `Host` is never used.
  public var publicBaseURL: String?
  /// The load balancers whose `X-Forwarded-For` tells a request's client for its rate limits (its last entry
  /// only); none (the default): every request is its connection's peer. See ``TrustedProxies``.
  public var trustedProxies: TrustedProxies = .none
  /// The `Origin`s whose pages may open the live WebSockets, such as `https://octoreact.example`; empty (the
  /// default) for the origin of ``publicBaseURL`` only (plus its other loopback names when it is a loopback one).
  /// A request without `Origin` (not a browser) is always let through.
  public var allowedOrigins: [String] = []
  /// Refused messages a live page may send per window; past them, its connection is closed (1008).
  public var liveMessageRefusals = WindowLimit(20, per: .seconds(60))
  /// For tests only: how long every answer to a live Signup page (username checks and signups) waits
  /// before it is given, so a browser test can watch the activity indicators without sleeping; zero
  /// (the default) in real use.
  public var signupAnswerDelay: Duration = .zero
  /// Whether `GET /metrics` answers (Prometheus' text format); on by default. It reveals traffic figures to
  /// whoever can reach the port (see `docs/threat_model.md`).
  public var exposesMetrics = true
  /// Lines each log statement may write per window, the rest summarised in one line; `nil`: no limit.
  public var logLineLimit: WindowLimit? = WindowLimit(10, per: .seconds(60))

  public init(
    host: String = "127.0.0.1",
    port: Int = 8080,
    availability: APISource = .local,
    search: APISource = .local,
    rateLimits: RateLimits = .standard,
    usernameThrottle: Duration = .milliseconds(300),
    queryThrottle: Duration = .milliseconds(300),
    maxRequestBodyBytes: Int = 16 * 1024,
    maxLiveMessageBytes: Int = 4 * 1024,
    maxFieldCharacters: Int = 256
  ) {
    self.host = host
    self.port = port
    self.availability = availability
    self.search = search
    self.rateLimits = rateLimits
    self.usernameThrottle = usernameThrottle
    self.queryThrottle = queryThrottle
    self.maxRequestBodyBytes = maxRequestBodyBytes
    self.maxLiveMessageBytes = maxLiveMessageBytes
    self.maxFieldCharacters = maxFieldCharacters
    self.publicBaseURL = nil
  }
}
