/// How the application is set up: where it listens, where availability is asked, and its limits.
public struct AppConfiguration: Sendable {
  /// Where username availability is asked.
  public enum AvailabilitySource: Sendable, Hashable {
    /// Octoreact's own `GET /users/{name}` on this server (the offline default).
    case local
    /// GitHub's `GET https://api.github.com/users/{name}`, with an optional token.
    case github(token: String?)
  }

  public var host: String
  public var port: Int
  public var availability: AvailabilitySource
  /// The interval username edits are throttled to before a check (the examples' 300 ms).
  public var usernameThrottle: Duration
  /// The largest request body `POST /users` accepts.
  public var maxRequestBodyBytes: Int
  /// The largest WebSocket message the live pages accept; larger ones get an error message.
  public var maxLiveMessageBytes: Int
  /// The longest text a field may send; longer ones get an error message.
  public var maxFieldCharacters: Int

  public init(
    host: String = "127.0.0.1",
    port: Int = 8080,
    availability: AvailabilitySource = .local,
    usernameThrottle: Duration = .milliseconds(300),
    maxRequestBodyBytes: Int = 16 * 1024,
    maxLiveMessageBytes: Int = 4 * 1024,
    maxFieldCharacters: Int = 256
  ) {
    self.host = host
    self.port = port
    self.availability = availability
    self.usernameThrottle = usernameThrottle
    self.maxRequestBodyBytes = maxRequestBodyBytes
    self.maxLiveMessageBytes = maxLiveMessageBytes
    self.maxFieldCharacters = maxFieldCharacters
  }
}
