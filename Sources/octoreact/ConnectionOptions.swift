import ArgumentParser
import WebApp

/// `serve`'s connection timeouts and limits, in seconds on the command line.
struct ConnectionOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Close a keep-alive connection idle this long.", valueName: "seconds"))
  var idleTimeout: Double = 60

  @Option(
    help: ArgumentHelp(
      "Answer 408 and close when a request head is not complete this long after its first byte.",
      valueName: "seconds"))
  var headTimeout: Double = 10

  @Option(
    help: ArgumentHelp(
      "Answer 408 and close when a request body is not complete this long after its head.",
      valueName: "seconds"))
  var bodyTimeout: Double = 30

  @Option(
    help: ArgumentHelp(
      "Close a connection whose client has not read what the server is sending (HTTP responses and live "
        + "pages' messages alike) for this long.",
      valueName: "seconds"))
  var writeTimeout: Double = 30

  @Option(
    help: ArgumentHelp(
      "Close a live page's socket when its page sends no message this long (pages send a keep-alive "
        + "message every minute; pings do not count). At least 120.",
      valueName: "seconds"))
  var liveIdleTimeout: Double = 300

  @Option(
    help: ArgumentHelp(
      "On SIGTERM or SIGINT, let requests in progress finish for at most this long, then close what is left.",
      valueName: "seconds"))
  var shutdownGrace: Double = 10

  @Option(
    help: ArgumentHelp(
      "The most connections open at once; more wait to be accepted (default: 16384, or the descriptor limit "
        + "less 128 (less a quarter, at least 32, when it is under 512)).",
      valueName: "n"))
  var maxConnections: Int?

  func validate() throws {
    for (flag, seconds) in [
      ("--idle-timeout", idleTimeout), ("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout),
      ("--write-timeout", writeTimeout),
    ] where !(seconds >= 0.001 && seconds <= 86_400) {
      throw ValidationError("\(flag) must be between 0.001 and 86400 seconds")
    }
    guard liveIdleTimeout >= 120 && liveIdleTimeout <= 86_400 else {
      throw ValidationError("--live-idle-timeout must be between 120 and 86400 seconds")
    }
    guard shutdownGrace >= 0 && shutdownGrace <= 86_400 else {
      throw ValidationError("--shutdown-grace must be between 0 and 86400 seconds")
    }
    if let maxConnections, maxConnections < 1 || maxConnections > 1_000_000 {
      throw ValidationError("--max-connections must be between 1 and 1000000")
    }
  }

  /// The limits to serve with; call after `validate()`, and after `DescriptorLimit.raise()`.
  var limits: ConnectionLimits {
    ConnectionLimits(
      idleTimeout: Self.duration(idleTimeout),
      headTimeout: Self.duration(headTimeout),
      bodyTimeout: Self.duration(bodyTimeout),
      writeTimeout: Self.duration(writeTimeout),
      liveIdleTimeout: Self.duration(liveIdleTimeout),
      maxConnections: maxConnections ?? DescriptorLimit.defaultMaxConnections()
    )
  }

  var shutdownGraceDuration: Duration { Self.duration(shutdownGrace) }

  /// Seconds as a `Duration`, to the millisecond; the value is in range (`validate()`), so it cannot trap.
  private static func duration(_ seconds: Double) -> Duration {
    .milliseconds(Int64((seconds * 1000).rounded()))
  }
}
