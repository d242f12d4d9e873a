import HummingbirdWebSocket
import Logging
import NIOWebSocket
import SignupFeature

/// One live page's WebSocket, the part every screen shares: states out, user events in.
///
/// Outbound messages go through one buffer that keeps the newest 32, so a slow page skips
/// intermediate states but always ends on the latest. Each inbound text message is handed to the
/// screen; a bad one gets an error message on the socket and a log line without its content.
///
/// **Limit**: the page's own script never sends a message the server refuses (its fields are as long
/// as the server allows), so refusals come from other clients. Past `refusals` of them (20 a minute
/// by default), the connection stops reading, sends a last error message and closes with 1008
/// (policy violation): a client flooding bad frames costs a bounded amount of work and log.
struct LiveConnection {
  let inbound: WebSocketInboundStream
  let outbound: WebSocketOutboundWriter
  let logger: Logger
  /// How many refused messages the page may send per window before the connection is closed.
  let refusals: WindowLimit
  /// The page's language, which its error messages speak.
  let language: SignupLanguage
  /// Closes the socket with `1001` (going away) when the server starts draining.
  let drain: DrainState
  let clock: any Clock<Duration>

  /// How the inbound side ended.
  private enum Ending {
    case closedByPage
    case tooManyRefusals
  }

  /// Runs until the page closes the socket, or until it has sent too many refused messages.
  ///
  /// When the server starts draining, the socket is closed with `1001` (going away): the page answers
  /// the close, which ends the inbound side, and reconnects (to another instance behind a balancer).
  ///
  /// - Parameters:
  ///   - render: Sends the screen's states, rendered as messages, until cancelled.
  ///   - receive: Handles one inbound text message, or throws why it is refused.
  func run(
    render: @escaping @Sendable (_ send: @escaping @Sendable (String) -> Void) async -> Void,
    receive: (String) throws(LiveInputError) -> Void
  ) async throws {
    try await drain.withSession(goAway: { [outbound] in
      // Errors mean the socket is closing or closed already: the page is gone either way.
      try? await outbound.close(.goingAway, reason: "The server is restarting")
    }) {
      try await exchange(render: render, receive: receive)
    }
  }

  private func exchange(
    render: @escaping @Sendable (_ send: @escaping @Sendable (String) -> Void) async -> Void,
    receive: (String) throws(LiveInputError) -> Void
  ) async throws {
    let (outgoing, send) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(32))
    try await withThrowingTaskGroup(of: Void.self) { writer in
      writer.addTask {
        for await text in outgoing { try await outbound.write(.text(text)) }
      }
      let ending = try await withThrowingTaskGroup(of: Void.self) { screen in
        screen.addTask { await render { send.yield($0) } }
        defer { screen.cancelAll() }
        return try await receiveMessages(receive, send: send)
      }
      // The screen has stopped rendering: what is left to send ends with the last error, if any.
      if case .tooManyRefusals = ending {
        send.yield(LiveOutput.failure(.tooManyRefusals(limit: refusals), language: language))
      }
      send.finish()
      guard case .tooManyRefusals = ending else {
        writer.cancelAll()
        return
      }
      try await writer.next()
      logger.notice("Closed a live page that sent too many refused messages", metadata: ["limit": "\(refusals)"])
      try await outbound.close(.policyViolation, reason: "Too many refused messages")
    }
  }

  private func receiveMessages(
    _ receive: (String) throws(LiveInputError) -> Void,
    send: AsyncStream<String>.Continuation
  ) async throws -> Ending {
    let stopwatch = Stopwatch(clock: clock)
    var refused = FixedWindowCounter(refusals)
    for try await message in inbound.messages(maxSize: 64 * 1024) {
      do throws(LiveInputError) {
        guard case .text(let text) = message else { throw .binary }
        try receive(text)
      } catch {
        guard refused.count(at: stopwatch.elapsed).isAllowed else { return .tooManyRefusals }
        logger.notice("Refused a live page message", metadata: ["reason": "\(error)"])
        send.yield(LiveOutput.failure(error, language: language))
      }
    }
    return .closedByPage
  }
}
