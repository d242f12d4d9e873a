import SearchFeature

/// How the application is set up: where it listens, which API its screens ask, and its limits.
public struct AppConfiguration: Sendable {
  /// Which GitHub-compatible API a screen asks: this server's own (the offline default) or GitHub's.
  public enum APISource: Sendable, Hashable {
    case local
    case github(token: String?)
  }

  public var host: String
  public var port: Int
  /// Where the Signup screen asks whether a username is taken (`GET /users/{name}`).
  public var availability: APISource = .local
  /// Where the Search screen searches (`GET /search/repositories`).
  public var search: APISource = .local
  /// Each client's request budgets, shared by the API and the live pages.
  public var rateLimits: RateLimits
  /// How often a changed search query is searched, at most.
  public var queryThrottle: Duration
  /// How often a changed username is checked, at most.
  public var usernameThrottle: Duration
  /// The largest request body `POST /users` accepts.
  public var maxRequestBodyBytes = 16 * 1024
  /// The largest live message accepted; larger ones get an error message.
  public var maxLiveMessageBytes = 4 * 1024
  /// The longest text a live field may send; longer ones get an error message.
  public var maxFieldCharacters = 256
  public var connectionLimits = ConnectionLimits()
  /// The URL this server is reached at, for every absolute URL it writes and the origin its live pages
  /// accept; `nil` derives it from the address bound (see ``PublicAddress``).
  public var publicBaseURL: String?
  /// The load balancers whose `X-Forwarded-For` names a request's client (see ``TrustedProxies``).
  public var trustedProxies: TrustedProxies = .none
  /// The `Origin`s whose pages may open the live WebSockets; empty for ``publicBaseURL``'s origin only
  /// (see ``PublicAddress/allowsOrigin(_:)``).
  public var allowedOrigins: [String] = []
  /// Refused messages a live page may send per window; past them, its connection is closed (1008).
  public var liveMessageRefusals = WindowLimit(20, per: .seconds(60))
  /// For browser tests only: every answer to a live Signup page waits this long, so a test can watch the
  /// activity indicators without sleeping.
  public var signupAnswerDelay: Duration = .zero
  /// Whether `GET /metrics` answers; it reveals traffic figures to whoever can reach the port
  /// (see `docs/threat_model.md`).
  public var exposesMetrics = true
  /// Lines each log statement may write per window, the rest summarised in one line; `nil`: no limit.
  public var logLineLimit: WindowLimit? = WindowLimit(10, per: .seconds(60))
  /// Who answers the Search screen, as its messages name it.
  var searchService: SearchService { search == .local ? .thisServer : .github }

  public init(
    host: String = "127.0.0.1", port: Int = 8080, rateLimits: RateLimits = .standard,
    usernameThrottle: Duration = .milliseconds(300), queryThrottle: Duration = .milliseconds(300)
  ) {
    self.host = host
    self.port = port
    self.rateLimits = rateLimits
    self.usernameThrottle = usernameThrottle
    self.queryThrottle = queryThrottle
  }
}
