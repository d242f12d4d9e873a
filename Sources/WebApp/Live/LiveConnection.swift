import HummingbirdWebSocket
import Logging

/// One live page's WebSocket, the part every screen shares: states out, user events in.
///
/// Outbound messages go through one buffer that keeps the newest 32, so a slow page skips
/// intermediate states but always ends on the latest. Each inbound text message is handed to the
/// screen; a bad one gets an error message on the socket and a log line without its content, and
/// never ends the connection.
struct LiveConnection {
  let inbound: WebSocketInboundStream
  let outbound: WebSocketOutboundWriter
  let logger: Logger

  /// Runs until the page closes the socket.
  ///
  /// - Parameters:
  ///   - render: Sends the screen's states, rendered as messages, until cancelled.
  ///   - receive: Handles one inbound text message, or throws why it is refused.
  func run(
    render: @escaping @Sendable (_ send: @escaping @Sendable (String) -> Void) async -> Void,
    receive: (String) throws(LiveInputError) -> Void
  ) async throws {
    let (outgoing, send) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(32))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for try await text in outgoing { try await outbound.write(.text(text)) }
      }
      group.addTask {
        await render { send.yield($0) }
      }
      defer { group.cancelAll() }
      for try await message in inbound.messages(maxSize: 64 * 1024) {
        do throws(LiveInputError) {
          guard case .text(let text) = message else { throw .binary }
          try receive(text)
        } catch {
          logger.notice("Refused a live page message", metadata: ["reason": "\(error)"])
          send.yield(LiveOutput.failure(error))
        }
      }
      send.finish()
    }
  }
}
